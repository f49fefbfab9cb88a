// The two page-side functions behind `webmcp`: they run in tabwright's isolated world of the
// page's main frame (isolatedWorld.ts) and are sent as text, so each is self-contained.
// Surfaces, newest first: `document.modelContext` (the W3C Web Machine Learning CG draft; what
// Chromium 156 exposes with --enable-features=WebMCP: registerTool, getTools, executeTool(tool,
// input object) resolving to the tool's result as JSON text), `navigator.modelContext` (older
// pages and builds, same methods), `navigator.modelContextTesting` (Chrome 146's early preview:
// listTools(), executeTool(name, input as JSON text)).

export type SiteToolSurface = 'document.modelContext' | 'navigator.modelContext' | 'navigator.modelContextTesting';

export interface PageSiteTool {
  name: string;
  description: string;
  /** Left out when the page gave none; `schemaTooLarge` when it gave one over the cap. */
  inputSchema?: unknown;
  schemaTooLarge?: boolean;
  readOnly: boolean;
  /** The page says the tool acts for real (an order, a payment): confirm with the user first. */
  consequential: boolean;
  /** The page says the output may hold third parties' content. */
  untrustedContent: boolean;
}

export interface PageSiteToolListing {
  surface: SiteToolSurface | null;
  secureContext: boolean;
  tools: PageSiteTool[];
  /** More tools than the cap were registered. */
  dropped: number;
}

export type PageSiteToolAnswer =
  | { kind: 'returned'; output: unknown }
  | { kind: 'threw'; error: string }
  | { kind: 'missing' };

/** Caps on what a page can hand back through a listing. */
export const SITE_TOOL_LIMITS = { tools: 64, description: 1000, schemaChars: 65_536, name: 128 } as const;

export const listSiteToolsInPage = async (limits: typeof SITE_TOOL_LIMITS): Promise<PageSiteToolListing> => {
  interface RawTool { name?: unknown; description?: unknown; inputSchema?: unknown; annotations?: Record<string, unknown>; window?: unknown }
  interface Context { getTools?: () => Promise<RawTool[]> }
  interface Testing { listTools?: () => Promise<RawTool[]> }
  const fromDocument = (document as unknown as { modelContext?: Context }).modelContext;
  const fromNavigator = (navigator as unknown as { modelContext?: Context; modelContextTesting?: Testing });
  let surface: SiteToolSurface | null = null;
  let raw: RawTool[] = [];
  if (fromDocument && typeof fromDocument.getTools === 'function') {
    surface = 'document.modelContext';
    raw = await fromDocument.getTools();
  } else if (fromNavigator.modelContext && typeof fromNavigator.modelContext.getTools === 'function') {
    surface = 'navigator.modelContext';
    raw = await fromNavigator.modelContext.getTools();
  } else if (fromNavigator.modelContextTesting && typeof fromNavigator.modelContextTesting.listTools === 'function') {
    surface = 'navigator.modelContextTesting';
    raw = await fromNavigator.modelContextTesting.listTools();
  }
  const tools: PageSiteTool[] = [];
  let dropped = 0;
  for (const tool of Array.isArray(raw) ? raw : []) {
    // getTools lists the tools of the whole page; a frame's own carry its window.
    if (tool && typeof tool === 'object' && 'window' in tool && tool.window !== window) continue;
    if (tools.length >= limits.tools) { dropped++; continue; }
    let schema: unknown = tool.inputSchema;
    if (typeof schema === 'string') {
      try { schema = JSON.parse(schema); } catch { schema = undefined; }
    }
    let schemaText: string | undefined;
    try { schemaText = schema === undefined ? undefined : JSON.stringify(schema); } catch { schemaText = undefined; }
    const annotations = tool.annotations && typeof tool.annotations === 'object' ? tool.annotations : {};
    const flag = (...keys: string[]) => keys.some(key => annotations[key] === true);
    tools.push({
      name: String(tool.name).slice(0, limits.name),
      description: String(tool.description ?? '').slice(0, limits.description),
      ...(schemaText === undefined ? {} : schemaText.length > limits.schemaChars ? { schemaTooLarge: true } : { inputSchema: JSON.parse(schemaText) as unknown }),
      readOnly: flag('readOnlyHint', 'readOnly'),
      consequential: flag('consequentialHint', 'consequential'),
      untrustedContent: flag('untrustedContentHint', 'untrustedContent'),
    });
  }
  return { surface, secureContext: isSecureContext, tools, dropped };
};

export const invokeSiteToolInPage = async ({ name, input }: { name: string; input: Record<string, unknown> }): Promise<PageSiteToolAnswer> => {
  interface RawTool { name?: unknown; window?: unknown }
  interface Context { getTools?: () => Promise<RawTool[]>; executeTool?: (tool: RawTool, input: unknown) => Promise<unknown> }
  interface Testing { executeTool?: (name: string, input: string) => Promise<unknown> }
  const fromDocument = (document as unknown as { modelContext?: Context }).modelContext;
  const fromNavigator = (navigator as unknown as { modelContext?: Context; modelContextTesting?: Testing });
  const context = fromDocument && typeof fromDocument.getTools === 'function' ? fromDocument : fromNavigator.modelContext;
  const asJson = (value: unknown): unknown => {
    if (typeof value !== 'string') return value;
    if (value === 'undefined') return undefined;
    try { return JSON.parse(value); } catch { return value; }
  };
  try {
    if (context && typeof context.getTools === 'function' && typeof context.executeTool === 'function') {
      const tools = await context.getTools();
      const tool = tools.find(t => t && t.name === name && (!('window' in t) || t.window === window));
      if (!tool) return { kind: 'missing' };
      let output: unknown;
      try {
        output = await context.executeTool(tool, input);
      } catch (error) {
        // Builds that take the input as JSON text say so; others take the object.
        if (!String((error as Error)?.message).includes('parse input')) throw error;
        output = await context.executeTool(tool, JSON.stringify(input));
      }
      return { kind: 'returned', output: asJson(output) };
    }
    const testing = fromNavigator.modelContextTesting;
    if (testing && typeof testing.executeTool === 'function') return { kind: 'returned', output: asJson(await testing.executeTool(name, JSON.stringify(input))) };
    return { kind: 'missing' };
  } catch (error) {
    const e = error as { name?: unknown; message?: unknown };
    return { kind: 'threw', error: `${String(e?.name ?? 'Error')}: ${String(e?.message ?? error)}` };
  }
};
