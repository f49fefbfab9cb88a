// Which methods a client may send on a page, iframe or worker session: an allow-list of
// domains that act on that target only. What acts on the whole browser or on the shared
// profile (Browser.*, Target.* beyond the session's own children, Tracing, SystemInfo,
// Storage and cache/cookie wipes) is refused here or handled by the client connection.

/** Domains whose methods act on the session's own target. */
const TARGET_DOMAINS = new Set([
  'Accessibility', 'Animation', 'Audits', 'Autofill', 'CSS', 'CacheStorage', 'Console', 'DOM',
  'DOMDebugger', 'DOMSnapshot', 'DOMStorage', 'Debugger', 'DeviceAccess', 'DeviceOrientation',
  'Emulation', 'EventBreakpoints', 'FedCm', 'Fetch', 'HeapProfiler', 'IO', 'IndexedDB', 'Input',
  'Inspector', 'LayerTree', 'Log', 'Media', 'Memory', 'Network', 'Overlay', 'Page', 'Performance',
  'PerformanceTimeline', 'Preload', 'Profiler', 'Runtime', 'Schema', 'Security', 'WebAudio', 'WebAuthn',
]);

/** Methods that act beyond the target: on every context, the whole cache or every cookie. */
const PROFILE_WIDE = new Set([
  'Network.clearBrowserCache', 'Network.clearBrowserCookies', 'Network.getAllCookies',
  // Per-page download settings would bypass the router's download routing.
  'Page.setDownloadBehavior',
]);

export type PageVerdict =
  | { kind: 'forward' }
  /** The client connection answers it itself (Target.*, Browser.*, focus, uploads, navigation policy). */
  | { kind: 'special' }
  | { kind: 'refuse'; reason?: string };

const SPECIAL = new Set([
  'Page.navigate', 'Page.navigateToHistoryEntry', 'Page.bringToFront', 'DOM.setFileInputFiles',
  'Target.setAutoAttach', 'Target.detachFromTarget', 'Target.getTargetInfo', 'Target.autoAttachRelated',
  'Browser.getWindowForTarget', 'Browser.getWindowBounds', 'Browser.setWindowBounds',
]);

export function pageMethodVerdict(method: string, isolated: boolean): PageVerdict {
  if (SPECIAL.has(method)) return { kind: 'special' };
  if (PROFILE_WIDE.has(method)) {
    if (isolated && method !== 'Page.setDownloadBehavior') return { kind: 'forward' };
    return { kind: 'refuse', reason: `${method} acts on the whole shared profile; use context.cookies()/clearCookies() per origin, or an --isolated task` };
  }
  const domain = method.slice(0, method.indexOf('.'));
  if (domain === 'Storage') {
    return isolated ? { kind: 'forward' } : { kind: 'refuse', reason: `${method} acts on the shared profile's storage; use an --isolated task` };
  }
  if (TARGET_DOMAINS.has(domain)) return { kind: 'forward' };
  return { kind: 'refuse' };
}
