// `tabwright mcp`: serve the runtime as an MCP server on stdin/stdout until the host closes
// stdin. The server (and with it the MCP SDK) is loaded only here.
import type { CommandOutcome } from '../commandOutcome.js';
import { ExitCode } from '../exitCodes.js';
import type { RuntimeHome } from '../runtimeHome.js';

export async function serveMcp(home: RuntimeHome): Promise<CommandOutcome> {
  const { serveOverStdio } = await import('../../mcp/server.js');
  await serveOverStdio(home);
  // stdout carried the protocol: nothing more may be written to it.
  return { kind: 'text', exitCode: ExitCode.Succeeded, text: '' };
}
