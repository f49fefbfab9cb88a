// A pointer action (click, dblclick, hover, tap, and a check's click) prepared in its element's
// lookup (actionLookup.ts), page side. Stock Playwright, after the lookup, waits on: the states
// check (visible, enabled, stable: two samples a frame apart), the scroll into view, the
// element's content quads and the viewport's size (the click point), and the hit target
// interceptor's setup at that point; then it sends the mouse events. Here, for an element the
// lookup finds fully in view in a top-level document, the lookup itself waits for the states
// check (the stable check it started), takes the point from the page's own geometry where that
// is provably what DOM.getContentQuads would give, and sets up the same interceptor at it: the
// action sends its mouse events right after the lookup's answer. Each check is Playwright's own
// (checkElementStates, setupHitTargetInterceptor) on the same element, in the same order, and
// the hit target is still checked at the point and moment of each event. Anything else (a
// transform or a zoom on the way, a box in two pieces, a scroll container or scroll padding that
// could make the scroll move something, a frame that does not come within PREPARE_WAIT_MS)
// leaves the action to the way it goes without this (actionRoundTrips.ts).
// The texts of these functions go into the bundle: they refer to nothing outside themselves.

/** The part of Playwright's injected script this uses (its own names). */
export interface PointerInjectedScript {
  window: Window;
  checkElementStates(node: Element, states: string[], frameVisible: boolean): Promise<unknown>;
  setupHitTargetInterceptor(node: Element, action: string, hitPoint: Point, blockAllEvents: boolean): unknown;
  __tabwrightInterceptors?: Map<number, { stop(): unknown }>;
}

export interface Point { x: number; y: number }
export interface Box { x: number; y: number; width: number; height: number }

/** What the action asked of its lookup: Playwright's action type for the interceptor, the states it waits for, trial. */
export interface PointerPrepare { actionType: 'mouse' | 'hover' | 'tap'; states: string[]; trial: boolean }

/**
 * What the lookup prepared: the states check refused (the action returns that refusal, as stock's
 * check would), or the point, the box and the interceptor (`set`: kept under the lookup's key for
 * the action to stop; a string: what setupHitTargetInterceptor answered instead of one).
 */
export type PreparedPointer =
  | { refused: unknown }
  | { point: Point; box: Box; interceptor: 'set' | string };

/** How long the lookup waits for the states check (a frame) before leaving the action to ask for it itself. */
export const PREPARE_WAIT_MS = 100;

/**
 * The point and box Playwright's _clickablePoint would compute from DOM.getContentQuads and the
 * viewport's size, computed from the page's own geometry, for an element no scroll would move; or
 * undefined where the two could differ or a scroll could be needed. The quad is the element's one
 * client rect: Blink's content quads of an untransformed, unzoomed box in a top-level document at
 * page scale 1 are that rect's corners (the same LayoutUnits); the arithmetic below is stock's.
 */
export function pointerGeometry(element: Element, win: Window): { point: Point; hitPoint: Point; box: Box } | undefined {
  const viewport = win.visualViewport;
  if (win.parent !== win || win.devicePixelRatio !== 1 || !viewport || viewport.scale !== 1 || viewport.offsetLeft !== 0 || viewport.offsetTop !== 0) return undefined;
  if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml') return undefined;
  const rects = element.getClientRects();
  if (rects.length !== 1) return undefined;
  const rect = rects[0]!;
  // Fully in the visual viewport (scrollbars excluded): DOM.scrollIntoViewIfNeeded would not scroll the page.
  if (!(rect.left >= 0 && rect.top >= 0 && rect.right <= viewport.width && rect.bottom <= viewport.height)) return undefined;
  const doc = element.ownerDocument;
  const own = win.getComputedStyle(element);
  if ([own.scrollMarginTop, own.scrollMarginRight, own.scrollMarginBottom, own.scrollMarginLeft].some(margin => margin !== '0px')) return undefined;
  const rootOverflows = (style: CSSStyleDeclaration) => style.overflowX !== 'visible' || style.overflowY !== 'visible';
  const scrolls = (value: string) => value === 'auto' || value === 'scroll' || value === 'hidden' || value === 'overlay';
  let htmlOverflows = false;
  // The flat tree's ancestors, each box that can move or scale it on screen, or scroll it.
  for (let node: Element | null = element; node;) {
    const style = node === element ? own : win.getComputedStyle(node);
    if (style.transform !== 'none' || style.translate !== 'none' || style.rotate !== 'none' || style.scale !== 'none'
      || (style.offsetPath && style.offsetPath !== 'none') || (style.zoom && style.zoom !== '1')) return undefined;
    const isRoot = node === doc.documentElement;
    if (isRoot) htmlOverflows = rootOverflows(style);
    // The root's scroll padding is the viewport's.
    if ((isRoot || (node !== element && (scrolls(style.overflowX) || scrolls(style.overflowY))))
      && [style.scrollPaddingTop, style.scrollPaddingRight, style.scrollPaddingBottom, style.scrollPaddingLeft].some(padding => padding !== 'auto')) return undefined;
    // A scroll container on the way (not the root, whose scroller is the viewport; nor a body whose overflow is the viewport's):
    // the element fully inside its scrollport, so a scroll into view would not scroll it either.
    if (node !== element && !isRoot && !(node === doc.body && !htmlOverflows) && (scrolls(style.overflowX) || scrolls(style.overflowY))) {
      const outer = node.getBoundingClientRect();
      const left = outer.left + node.clientLeft;
      const top = outer.top + node.clientTop;
      if (!(rect.left >= left && rect.top >= top && rect.right <= left + node.clientWidth && rect.bottom <= top + node.clientHeight)) return undefined;
    }
    const parent: Element | null = node.assignedSlot ?? node.parentElement;
    node = parent ?? ((node.parentNode as ShadowRoot | null)?.host ?? null);
  }
  // Stock's _clickablePoint: the quad (content quads' corner order) intersected with the viewport, its area, its middle, rounded.
  const metrics = { width: win.innerWidth, height: win.innerHeight };
  const quad: Point[] = [{ x: rect.left, y: rect.top }, { x: rect.right, y: rect.top }, { x: rect.right, y: rect.bottom }, { x: rect.left, y: rect.bottom }]
    .map(p => ({ x: Math.min(Math.max(p.x, 0), metrics.width), y: Math.min(Math.max(p.y, 0), metrics.height) }));
  let area = 0;
  for (let i = 0; i < quad.length; ++i) {
    const p1 = quad[i]!;
    const p2 = quad[(i + 1) % quad.length]!;
    area += (p1.x * p2.y - p2.x * p1.y) / 2;
  }
  if (!(Math.abs(area) > 0.99)) return undefined;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const middle = { x: 0, y: 0 };
  for (const p of quad) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
    middle.x += p.x / 4;
    middle.y += p.y / 4;
  }
  // `point` as stock's _clickablePoint returns it (the action rounds it), `hitPoint` rounded as stock rounds it for the interceptor.
  return { point: middle, hitPoint: { x: (middle.x * 100 | 0) / 100, y: (middle.y * 100 | 0) / 100 }, box: { x: minX, y: minY, width: maxX - minX, height: maxY - minY } };
}

/**
 * In the lookup, for an element in view whose stable check the lookup started: waits for the
 * states check (that stable check's frame), then takes the point and sets up the interceptor
 * there, as stock does after its own states check, scroll and quads. Undefined: nothing was
 * prepared (the geometry is not provably stock's, or no frame came in time), the action asks as
 * it would without this.
 */
export async function preparePointer(
  injected: PointerInjectedScript, element: Element, frameVisible: boolean, prepare: PointerPrepare, key: number,
  geometry: typeof pointerGeometry, waitMs: number,
): Promise<PreparedPointer | undefined> {
  if (!geometry(element, injected.window)) return undefined;
  // A check that throws, or no frame in time: the action's own check runs as stock's, with its log and its error.
  const late = {};
  const checking = injected.checkElementStates(element, prepare.states, frameVisible).then(refused => ({ refused }), () => late);
  const outcome = await Promise.race([checking, new Promise(resolve => setTimeout(() => resolve(late), waitMs))]);
  if (outcome === late) return undefined;
  const { refused } = outcome as { refused: unknown };
  if (refused) return { refused };
  // Stable: its box is the one the check sampled this frame; taken again now, with everything else that decides the point.
  const taken = geometry(element, injected.window);
  if (!taken) return undefined;
  let interceptor: unknown;
  try {
    interceptor = injected.setupHitTargetInterceptor(element, prepare.actionType, taken.hitPoint, prepare.trial);
  } catch {
    return undefined;
  }
  const { point, box } = taken;
  if (typeof interceptor === 'string') return { point, box, interceptor };
  (injected.__tabwrightInterceptors ??= new Map()).set(key, interceptor as { stop(): unknown });
  return { point, box, interceptor: 'set' };
}

/** Stops the interceptor a lookup prepared under `key` and answers as its stop() does (run on the injected script). */
export function stopPrepared(injected: PointerInjectedScript, key: number): unknown {
  const interceptors = injected.__tabwrightInterceptors;
  const interceptor = interceptors?.get(key);
  interceptors?.delete(key);
  return interceptor ? interceptor.stop() : 'done';
}
