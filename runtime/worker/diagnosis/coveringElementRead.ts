// The one page-side read the worker runs on its own behalf after a pointer action timed out:
// which element sits at the centre of the target, if it is not the target or inside it, and
// whether it is part of the target's own control. It runs in the page's main world
// (Playwright's utility world takes no custom function) and sends nothing, so it leaves
// mutationState as it was. It must stay self-contained: it is sent to the page as text.

/** What covers a target at its centre. */
export interface CoveringElement {
  /** A short preview: `<div id="promo" class="x">text…</div>`. */
  preview: string;
  /**
   * Inside one of the target's three nearest ancestors below <body>, and not fixed to the
   * viewport: a styled select's placeholder over its input, a label drawn over a file button.
   * A person clicks what they see, and that is the control. An overlay, a banner or a dialog
   * sits elsewhere in the document.
   */
  sameControl: boolean;
  /**
   * It is part of a copy of the target's surroundings holding an element like the target with
   * its text (a grid's frozen-column clone, a sticky header): the person sees that copy.
   */
  copy: boolean;
  /**
   * It holds the target: the centre of the target's box is a gap between its parts, where the
   * point falls through to what holds them (an SVG group of bars whose centre lies between two:
   * Observable Plot's, site 12's trial). Neither covered nor a copy: aim at one of its parts.
   */
  gap: boolean;
  /**
   * It is an item of a list, another control, or a layer bigger than the target, beside it in
   * the same form (a dropdown or calendar left open over the next control: nice-select's, site
   * 12's trial; js-datepicker's, site 13's), not part of it.
   */
  popup: boolean;
}

/** What covers `target` at its centre, or null when nothing does. */
export const coveringElementRead = (target: Element): CoveringElement | null => {
  const box = target.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return null;
  const root = target.getRootNode() as Document | ShadowRoot;
  const hit = (typeof root.elementFromPoint === 'function' ? root : document).elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  if (!hit || hit === target || target.contains(hit)) return null;
  // A target clipped to a pixel or two (a native select kept for screen readers under a styled
  // one) has no parts to aim between: the point falls through to what holds it, but that is no gap.
  const gap = hit.contains(target) && box.width > 2 && box.height > 2;
  const attributes = Array.from(hit.attributes).slice(0, 6).map(a => ` ${a.name}="${a.value.length > 80 ? `${a.value.slice(0, 80)}…` : a.value}"`).join('');
  const text = (hit.textContent ?? '').trim().replace(/\s+/g, ' ');
  let sameControl = false;
  let popup = false;
  let ancestor = target.parentElement;
  for (let up = 0; ancestor && up < 3 && ancestor !== document.body && ancestor !== document.documentElement; up++, ancestor = ancestor.parentElement) {
    if (ancestor.contains(hit)) {
      // An item of a list left open (a multi-select's dropdown over the form's submit button) is
      // another control, though the form holds both: it takes the click, and closing it frees the target.
      // So is a layer laid over the page bigger than the target (a calendar left open over the
      // next field: js-datepicker, site 13's trial); a placeholder drawn over its input is its size.
      const area = (r: DOMRect) => r.width * r.height;
      for (let el: Element | null = hit; el && el !== ancestor && !popup; el = el.parentElement) {
        popup = el.matches('li, option, [role=option], [role=menuitem], [role=listbox], [role=menu], a[href], button, input, select, textarea')
          || (['absolute', 'fixed'].includes(getComputedStyle(el).position) && area(el.getBoundingClientRect()) > 2 * area(box));
      }
      sameControl = !popup && getComputedStyle(hit).position !== 'fixed';
      break;
    }
  }
  const norm = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ');
  const own = norm(target);
  let copy = false;
  for (let a: Element | null = hit, up = 0; own && !copy && a && up < 4 && a !== document.body; a = a.parentElement, up++) {
    copy = Array.from(a.querySelectorAll(target.localName)).some(e => e !== target && !e.contains(target) && norm(e) === own);
  }
  return { preview: `<${hit.localName}${attributes}>${text.length > 50 ? `${text.slice(0, 50)}…` : text}</${hit.localName}>`, sameControl, copy, gap, popup };
};
