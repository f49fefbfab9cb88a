// What a page, iframe or worker session may send, domain by domain, as one pure table (read
// against devtools-protocol 0.0.1608973, Chromium 156). Deny by default: a domain is forwarded
// whole only when everything in it acts on the session's own target (its frames and documents
// in this renderer); a domain that can reach past it (the profile's cookie jar or caches, the
// renderer process other tabs may share, the browser's screens, frames of other sites) names
// each method, and one it does not name (a method a newer Chrome adds) is refused until
// someone reads what it does. Domains in neither list (Target and Browser beyond the methods
// pageSessionPolicy.ts handles, Tracing, SystemInfo, ServiceWorker, BackgroundService,
// Extensions, PWA, FileSystem, Cast, Tethering, ...) are refused on a page session.
// router/README.md has the table in words, with the reasons.

/**
 * Domains forwarded whole: each acts on the session's own target. Profiler samples the V8
 * isolate of the target's renderer, which may hold other pages of the same site (function
 * names and script URLs, no data): accepted, and said in router/README.md.
 */
export const TARGET_DOMAINS: ReadonlySet<string> = new Set([
  'Accessibility', 'Animation', 'Audits', 'Autofill', 'CSS', 'Console', 'DOM', 'DOMDebugger',
  'DOMSnapshot', 'Debugger', 'DeviceAccess', 'DeviceOrientation', 'EventBreakpoints', 'Fetch',
  'IO', 'Input', 'Inspector', 'LayerTree', 'Log', 'Media', 'Overlay', 'Performance',
  'PerformanceTimeline', 'Preload', 'Profiler', 'Runtime', 'Schema', 'Security', 'WebAudio', 'WebAuthn',
]);

/**
 * How far a named method reaches:
 * - `target`: the session's own target (the storage and cookie methods among them are held to
 *   the user's profile where the browser is someone's own: userProfilePolicy.ts);
 * - `ownContext`: the whole browser context, or the renderer process, which in a shared profile
 *   holds other tasks' (or the user's) pages: forwarded only in a context of the task's own;
 * - `allFrames`: the page with every frame serialized, other sites' included: forwarded only
 *   where no frame can be refused (childSessionPolicy.framesRefusable);
 * - `never`: the whole browser, or around the router's own mediation.
 */
export type MethodScope = 'target' | 'ownContext' | 'allFrames' | 'never';

const each = (scope: MethodScope, methods: string): Record<string, MethodScope> =>
  Object.fromEntries(methods.split(/\s+/).filter(Boolean).map(name => [name, scope]));

/** Domains that can cross a boundary: every method named with its reach; unnamed ones are refused. */
export const BOUNDARY_DOMAINS: Readonly<Record<string, Readonly<Record<string, MethodScope>>>> = {
  Network: {
    ...each('target', `enable disable setCacheDisabled setBypassServiceWorker setExtraHTTPHeaders setUserAgentOverride
      setAcceptedEncodings clearAcceptedEncodingsOverride emulateNetworkConditions emulateNetworkConditionsByRule
      overrideNetworkState getResponseBody getRequestPostData getResponseBodyForInterception
      takeResponseBodyForInterceptionAsStream searchInResponseBody setBlockedURLs setAttachDebugStack
      streamResourceContent replayXHR getSecurityIsolationStatus getCertificate configureDurableMessages
      canEmulateNetworkConditions canClearBrowserCache canClearBrowserCookies setRequestInterception
      continueInterceptedRequest fetchSchemefulSite
      getCookies setCookie setCookies deleteCookies loadNetworkResource`),
    // Every cookie or cache entry of the context, its third-party cookie controls, the Reporting
    // API's reports and the device-bound sessions of every site in it.
    ...each('ownContext', 'getAllCookies clearBrowserCookies clearBrowserCache setCookieControls enableReportingApi enableDeviceBoundSessions'),
  },
  Page: {
    ...each('target', `enable disable addScriptToEvaluateOnNewDocument removeScriptToEvaluateOnNewDocument
      addScriptToEvaluateOnLoad removeScriptToEvaluateOnLoad createIsolatedWorld captureScreenshot printToPDF
      startScreencast stopScreencast screencastFrameAck getLayoutMetrics getNavigationHistory resetNavigationHistory
      getResourceTree getResourceContent searchInResource getAppManifest getInstallabilityErrors getManifestIcons
      getAppId getAdScriptAncestry getPermissionsPolicyState getOriginTrials getAnnotatedPageContent
      handleJavaScriptDialog setInterceptFileChooserDialog setLifecycleEventsEnabled setBypassCSP setFontFamilies
      setFontSizes setDocumentContent reload stopLoading close crash setWebLifecycleState waitForDebugger
      setPrerenderingAllowed produceCompilationCache addCompilationCache clearCompilationCache generateTestReport
      setDeviceMetricsOverride clearDeviceMetricsOverride setDeviceOrientationOverride clearDeviceOrientationOverride
      setGeolocationOverride clearGeolocationOverride setTouchEmulationEnabled`),
    // Checked or answered by the connection first (pageSessionPolicy.ts HANDLED): the URL policy, focus, the frame index.
    ...each('target', 'navigate navigateToHistoryEntry bringToFront getFrameTree'),
    ...each('allFrames', 'captureSnapshot'),
    // The profile's cookie jar, ad filtering, protocol-handler and payment-confirmation prompts.
    ...each('ownContext', 'deleteCookie setAdBlockingEnabled setRPHRegistrationMode setSPCTransactionMode'),
    // The router routes downloads itself (downloadRelay.ts).
    ...each('never', 'setDownloadBehavior'),
  },
  Emulation: {
    ...each('target', `canEmulate clearDeviceMetricsOverride clearGeolocationOverride resetPageScaleFactor
      setFocusEmulationEnabled setAutoDarkModeOverride setCPUThrottlingRate setDefaultBackgroundColorOverride
      setSafeAreaInsetsOverride setDeviceMetricsOverride setDevicePostureOverride clearDevicePostureOverride
      setDisplayFeaturesOverride clearDisplayFeaturesOverride setScrollbarsHidden setDocumentCookieDisabled
      setEmitTouchEventsForMouse setEmulatedMedia setEmulatedVisionDeficiency setEmulatedOSTextScale
      setGeolocationOverride getOverriddenSensorInformation setSensorOverrideEnabled setSensorOverrideReadings
      setPressureSourceOverrideEnabled setPressureStateOverride setPressureDataOverride setIdleOverride
      clearIdleOverride setNavigatorOverrides setPageScaleFactor setScriptExecutionDisabled setTouchEmulationEnabled
      setVirtualTimePolicy setLocaleOverride setTimezoneOverride setVisibleSize setDisabledImageTypes
      setDataSaverOverride setHardwareConcurrencyOverride setUserAgentOverride setAutomationOverride
      setSmallViewportHeightDifferenceOverride getScreenInfos`),
    // The (headless) browser's own screens, where every task's windows are placed.
    ...each('never', 'addScreen updateScreen removeScreen setPrimaryScreen'),
  },
  HeapProfiler: {
    ...each('target', `enable disable collectGarbage getHeapObjectId getObjectByHeapObjectId addInspectedHeapObject
      startSampling stopSampling getSamplingProfile`),
    // A snapshot holds every object of the renderer process's heap: other pages' of the site too.
    ...each('ownContext', 'takeHeapSnapshot startTrackingHeapObjects stopTrackingHeapObjects'),
  },
  Memory: {
    ...each('target', 'getDOMCounters'),
    // The renderer process (its workers, its V8 memory, its native allocations).
    ...each('ownContext', `getDOMCountersForLeakDetection prepareForLeakDetection forciblyPurgeJavaScriptMemory
      startSampling stopSampling getSamplingProfile getAllTimeSamplingProfile`),
    // Every process, or the browser's own.
    ...each('never', 'setPressureNotificationsSuppressed simulatePressureNotification getBrowserSamplingProfile'),
  },
  FedCm: {
    ...each('target', 'enable disable selectAccount clickDialogButton openUrl dismissDialog'),
    ...each('ownContext', 'resetCooldown'),
  },
  // Each method names a storage (an origin, a key, a bucket, a cache): a connected browser's
  // own profile holds them to the task's sites (userProfilePolicy.ts); Chromium refuses a
  // storage no frame of the session's page holds.
  DOMStorage: each('target', 'enable disable clear getDOMStorageItems removeDOMStorageItem setDOMStorageItem'),
  IndexedDB: each('target', `enable disable clearObjectStore deleteDatabase deleteObjectStoreEntries requestData getMetadata
    requestDatabase requestDatabaseNames`),
  CacheStorage: each('target', 'deleteCache deleteEntry requestCacheNames requestCachedResponse requestEntries'),
};

/** Where a method of a boundary domain reaches; undefined when the domain is not one, `never` for a method it does not name. */
export function methodScope(method: string): MethodScope | undefined {
  const dot = method.indexOf('.');
  const domain = method.slice(0, dot);
  if (!Object.hasOwn(BOUNDARY_DOMAINS, domain)) return undefined;
  const methods = BOUNDARY_DOMAINS[domain]!;
  const name = method.slice(dot + 1);
  return Object.hasOwn(methods, name) ? methods[name] : 'never';
}
