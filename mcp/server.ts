// `tabwright mcp`: an MCP server on stdin/stdout in front of the runtime, for agent hosts
// that load browser tools as MCP servers. Built on the SDK's low-level Server, so the tool
// list is exactly what toolDefinitions.ts says (no generated schemas to bloat it) and input
// is checked by toolInput.ts with the contract's limits and the CLI's error names.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { failureOutcome } from '../cli/commandOutcome.js';
import { cliVersion } from '../cli/packageFiles.js';
import type { RuntimeHome } from '../cli/runtimeHome.js';
import { INSTRUCTIONS } from './instructions.js';
import { callTool } from './toolCalls.js';
import { isToolName, TOOL_NAMES, toolList } from './toolDefinitions.js';
import { parseToolInput } from './toolInput.js';
import { documentResult } from './toolResult.js';

export function createServer(home: RuntimeHome): Server {
  const server = new Server(
    { name: 'tabwright', version: cliVersion() },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolList() }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name, arguments: args } = request.params;
    if (!isToolName(name)) throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${name}": use one of ${TOOL_NAMES.join(', ')}.`);
    // Refused input is a tool result the model can read and correct, not a protocol error.
    const parsed = parseToolInput(name, args);
    if (!parsed.ok) return documentResult(failureOutcome(parsed.failure));
    const token = extra._meta?.progressToken;
    let step = 0;
    const progress = token === undefined ? undefined : (message: string): void => {
      step += 1;
      // A lost notification is only lost news: the receipt is the record.
      extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: step, message } }).catch(() => {});
    };
    return callTool(parsed.input, { home, signal: extra.signal, ...(progress ? { progress } : {}) });
  });
  return server;
}

/** Serves until the host closes stdin (or the transport fails). */
export async function serveOverStdio(home: RuntimeHome): Promise<void> {
  const server = createServer(home);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>(resolve => { server.onclose = resolve; });
  // The SDK's stdio transport does not notice end of input by itself.
  process.stdin.once('end', () => { void server.close(); });
  await server.connect(transport);
  process.stderr.write(`tabwright mcp: serving on stdio (runtime home ${home.home})\n`);
  await closed;
}
