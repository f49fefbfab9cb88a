// What `webmcp.list()` and `webmcp.call()` throw: each a name and the fields a receipt's
// `error` carries (reportError copies an error's own string fields).

/** The page offers no WebMCP surface: the browser lacks it, or the page is not a secure context. */
export class WebMCPUnavailable extends Error {
  override name = 'WebMCPUnavailable';
  constructor(readonly url: string, readonly secureContext: boolean) {
    super(secureContext
      ? `webmcp: this browser exposes no WebMCP API on ${url} (no document.modelContext, navigator.modelContext or navigator.modelContextTesting). tabwright's own Chromium turns it on (--enable-features=WebMCP); a browser you connected to must be started with --enable-features=WebMCP (Chrome 146 or later).`
      : `webmcp: ${url} is not a secure context, and browsers offer WebMCP only to https:// and localhost pages.`);
  }
}

export class WebMCPToolNotFound extends Error {
  override name = 'WebMCPToolNotFound';
  constructor(readonly tool: string, readonly url: string, available: string[]) {
    super(`webmcp.call: ${url} offers no site tool named ${JSON.stringify(tool)}; ${available.length ? `it offers: ${available.join(', ')}` : 'it registers no site tools (yet: a page may register them after it loads)'}.`);
  }
}

/** The arguments do not match the tool's inputSchema: nothing was called. */
export class WebMCPArgumentError extends Error {
  override name = 'WebMCPArgumentError';
  constructor(readonly tool: string, readonly field: string, problem: string) {
    super(`webmcp.call(${JSON.stringify(tool)}): ${problem} (checked against the tool's inputSchema; the tool was not called)`);
  }
}

/** The page's tool threw or rejected, or returned an MCP error result. Its words are the page's (untrusted). */
export class WebMCPToolFailed extends Error {
  override name = 'WebMCPToolFailed';
  constructor(readonly tool: string, pageSays: string) {
    super(`webmcp.call(${JSON.stringify(tool)}): the page's tool failed: ${pageSays}`);
  }
}

export class WebMCPUsageError extends Error {
  override name = 'WebMCPUsageError';
}
