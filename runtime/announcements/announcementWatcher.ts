// What runs in each document of a task's page, in an isolated world of the runtime's own (never
// the page's main world: the page's scripts cannot see it, call it or change what it calls): a
// MutationObserver that notices text appearing in, and leaving, the places a page announces
// things (ANNOUNCING, below, and a short text the page puts in a fixed-position box at the end
// of <body>, as a toast made with a plain timer does), and tells the runtime through a CDP
// binding only that world has. The runtime stamps the time as each message arrives.
//
// Cost on the page's own work: one observer callback per batch of DOM changes; per changed
// node a `closest()` against ANNOUNCING (native, no style or layout); style and text are read
// (innerText, checkVisibility) only for the few announcing elements a batch touched. What it
// sends is rate-limited and cut (`Limits`), whatever the page does.

/** Where pages announce: live regions, outputs, and the containers of common toast libraries. */
export const ANNOUNCING = [
  '[role=status]', '[role=alert]', '[aria-live=polite]', '[aria-live=assertive]', 'output',
  // Toast libraries that give their toasts no live role of their own.
  '.toastify', '.notyf__toast', '.swal2-toast', '.toast', '.iziToast', '.noty_bar', '.Toastify__toast', '[data-sonner-toast]',
  '.el-message', '.el-notification', '.ant-message-notice', '.ant-notification-notice', '.mat-mdc-snack-bar-container',
  'mat-snack-bar-container', '.p-toast-message', '.q-notification', '.jq-toast-single', '.v-snackbar', '.vue-notification',
  '.notistack-MuiContent', '.chakra-toast', '.mantine-Notification-root', '.Polaris-Frame-Toast', '.alertify-notifier .ajs-message',
].join(', ');

export interface Limits {
  /** The CDP binding the runtime added to this world only. */
  binding: string;
  selector: string;
  /** Characters of one announcement sent at most. */
  maxText: number;
  /** An element with more text than this is content (a page section marked aria-live), not an announcement. */
  maxRegionText: number;
  /** Announcements sent per second at most, with a burst of `burst`; the rest are counted. */
  perSecond: number;
  burst: number;
  /** Announcing elements followed at once at most. */
  maxTracked: number;
}

/**
 * The watcher, as a self-contained function: its text is what the page's world runs (with
 * `limits` as its one argument). Messages: `{"a": id, "t": text}` appeared, with `"r": id` when
 * it replaced what the same element said last (its text changed with no empty moment between),
 * `{"g": id}` went, `{"x": n}` n announcements not sent (over the rate).
 */
export function watchAnnouncements(limits: Limits): void {
  const world = globalThis as unknown as Record<string, unknown>;
  const report = world[limits.binding] as ((message: string) => void) | undefined;
  // Once per document; a world without the binding (it was removed) has nobody to tell.
  if (world.__tabwrightAnnouncing || typeof report !== 'function') return;
  world.__tabwrightAnnouncing = true;
  const send = (message: object) => report(JSON.stringify(message));
  /** Announcing elements showing text now: what they said, under which id. */
  const shown = new Map<Element, { id: number; text: string }>();
  /** How many shown elements say each id's text (a toast and a copy of it share one id). */
  const sharing = new Map<number, number>();
  /** What screen-reader-only regions said lately (never shown, so never gone): a toast saying it next is the same news. */
  const spoken = new Map<string, { id: number; at: number }>();
  /** The id of what each element said last while it still says something: a new text there replaces it. */
  const lastSaid = new WeakMap<Element, number>();
  /** Fixed-position boxes appended to <body> with a short text: toasts without a library. */
  const boxes = new WeakSet<Element>();
  /** What a popup holds and a toast does not. */
  const POPUP = '[role=listbox],[role=menu],[role=option],[role=menuitem],[role=dialog],[role=alertdialog],[role=tooltip],[aria-modal=true]';
  let boxCount = 0;
  let nextId = 1;
  let tokens = limits.burst;
  let filled = performance.now();
  let unsent = 0;
  /** Elements whose latest text waits for the rate to allow it: only the latest is sent. */
  const waiting = new Set<Element>();
  let waitTimer: ReturnType<typeof setTimeout> | undefined;

  const textOf = (element: Element): string => {
    const raw = (element as HTMLElement).innerText ?? element.textContent ?? '';
    const text = raw.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
    return text.length > limits.maxText ? `${text.slice(0, limits.maxText - 1)}…` : text;
  };
  const visible = (element: Element) =>
    element.isConnected && (typeof element.checkVisibility !== 'function' || element.checkVisibility({ visibilityProperty: true }));
  /** A region clipped to nothing: screen readers hear it, nobody sees it (an announcer beside the toast it speaks for). */
  const unseen = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width <= 1 && box.height <= 1;
  };
  const isBox = (element: Element | null): Element | undefined => {
    if (!boxCount) return undefined;
    for (let e = element; e && e !== document.body; e = e.parentElement) if (boxes.has(e)) return e;
    return undefined;
  };
  /** The announcing element a changed node belongs to, if any. */
  const announcerOf = (node: Node | null): Element | undefined => {
    const element = node instanceof Element ? node : node?.parentElement ?? null;
    if (!element) return undefined;
    return element.closest(limits.selector) ?? isBox(element);
  };
  const admit = (): boolean => {
    const now = performance.now();
    tokens = Math.min(limits.burst, tokens + ((now - filled) / 1000) * limits.perSecond);
    filled = now;
    if (tokens < 1) {
      unsent++;
      return false;
    }
    tokens--;
    if (unsent) {
      send({ x: unsent });
      unsent = 0;
    }
    return true;
  };
  /** Looks again once the rate allows: a region that kept changing is said as it ended up. */
  const later = (element: Element) => {
    waiting.add(element);
    waitTimer ??= setTimeout(() => {
      waitTimer = undefined;
      const again = [...waiting];
      waiting.clear();
      for (const e of again) look(e);
    }, Math.ceil(1000 / limits.perSecond) + 1);
  };
  const went = (element: Element) => {
    const was = shown.get(element);
    if (!was) return;
    shown.delete(element);
    const left = (sharing.get(was.id) ?? 1) - 1;
    if (left > 0) return void sharing.set(was.id, left);
    sharing.delete(was.id);
    send({ g: was.id });
  };
  const showing = (text: string) => {
    for (const entry of shown.values()) if (entry.text === text) return entry.id;
    return undefined;
  };
  /** Says what an announcing element shows now, if that changed. */
  const look = (element: Element) => {
    // A container whose announcing children speak for it (a toast stack) is not read whole.
    if (element.querySelector(limits.selector)) return went(element);
    // A fixed box that holds a list, menu or dialog is a popup the program opened (a styled
    // select's options), not a toast, whenever its content came.
    if (boxes.has(element) && element.querySelector(POPUP)) return went(element);
    const content = element.textContent ?? '';
    const text = content.length > limits.maxRegionText || !visible(element) ? '' : textOf(element);
    const was = shown.get(element);
    if (was?.text === text) return;
    if (was) went(element);
    // Emptied (or hidden, or too long to be news): what it said went by itself, nothing replaces it.
    if (!text) return void lastSaid.delete(element);
    const now = performance.now();
    /** Sends a new text of this element, naming what it replaced there. */
    const say = (id: number) => {
      const replaced = lastSaid.get(element);
      lastSaid.set(element, id);
      send(replaced === undefined ? { a: id, t: text } : { a: id, t: text, r: replaced });
    };
    if (unseen(element)) {
      // Heard, not seen: news once, unless a shown element says it already.
      if (showing(text) !== undefined || (spoken.get(text)?.at ?? -Infinity) > now - 1000) return void lastSaid.delete(element);
      if (!admit()) return later(element);
      const id = nextId++;
      spoken.set(text, { id, at: now });
      if (spoken.size > limits.maxTracked) spoken.delete(spoken.keys().next().value as string);
      return say(id);
    }
    // The same text shown already, or spoken a moment ago: the same news, under its id.
    const heard = spoken.get(text);
    const same = showing(text) ?? (heard && heard.at > now - 1000 ? heard.id : undefined);
    if (shown.size >= limits.maxTracked) went(shown.keys().next().value as Element);
    if (same !== undefined) {
      shown.set(element, { id: same, text });
      sharing.set(same, (sharing.get(same) ?? 0) + 1);
      // Another element's news: what this one says next replaces nothing of its own.
      lastSaid.delete(element);
      return;
    }
    if (!admit()) return later(element);
    const id = nextId++;
    shown.set(element, { id, text });
    sharing.set(id, 1);
    say(id);
  };
  /** A short text in a fixed-position box just appended to <body>: how toasts without a role appear. */
  const maybeBox = (element: Element) => {
    if (element.parentElement !== document.body || boxes.has(element)) return false;
    if (element.matches(POPUP) || element.querySelector(POPUP)) return false;
    const content = element.textContent ?? '';
    if (!content.trim() || content.length > limits.maxText) return false;
    if (getComputedStyle(element).position !== 'fixed') return false;
    boxes.add(element);
    boxCount++;
    return true;
  };

  const observer = new MutationObserver(records => {
    const touched = new Set<Element>();
    const targets = new Set<Node>();
    let removed = false;
    for (const record of records) {
      if (record.removedNodes.length) removed = true;
      if (!targets.has(record.target)) {
        targets.add(record.target);
        const announcer = announcerOf(record.target);
        if (announcer) touched.add(announcer);
        // Hidden by a change around it (a class on a container): only shown elements inside the changed one are looked at again.
        else if (record.type === 'attributes' && shown.size) for (const element of shown.keys()) if (record.target.contains(element)) touched.add(element);
      }
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches(limits.selector) || maybeBox(node)) touched.add(node);
        else if (node.firstElementChild) for (const inner of node.querySelectorAll(limits.selector)) touched.add(inner);
      }
    }
    // Removed with what held it: it went.
    if (removed) for (const element of shown.keys()) if (!element.isConnected) went(element);
    for (const element of touched) look(element);
  });
  observer.observe(document, {
    childList: true, subtree: true, characterData: true,
    attributes: true, attributeFilter: ['class', 'style', 'hidden', 'aria-hidden', 'open'],
  });
  // A document already showing something when the watch began (the page was open before the
  // task held it): that is not news, only its changes from now on are.
  if (document.body) {
    for (const element of document.querySelectorAll(limits.selector)) {
      const text = visible(element) && (element.textContent ?? '').length <= limits.maxRegionText ? textOf(element) : '';
      if (text && !element.querySelector(limits.selector) && shown.size < limits.maxTracked) {
        shown.set(element, { id: nextId, text });
        sharing.set(nextId++, 1);
      }
    }
  }
}
