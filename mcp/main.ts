// `tabwright mcp` (bin/tabwright.js sends it here): serve the runtime as an MCP server on
// stdin/stdout until the host closes stdin. stdout carries the protocol, so before serving
// only a refusal (one JSON document, as every CLI command prints) or the usage may go there.
import { USAGES } from '../cli/arguments.js';
import { errorDocument } from '../contract/cliFailure.js';
import { ExitCode } from '../contract/exitCodes.js';
import { runtimeHome } from '../cli/runtimeHome.js';

async function main(args: readonly string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`Usage: ${USAGES['mcp']}\n\nSee the README's "As an MCP server" for host configuration.\n`);
    return ExitCode.Succeeded;
  }
  if (args.length > 0) {
    const document = errorDocument({
      name: 'UnexpectedArgument',
      message: `\`tabwright mcp\` takes no arguments (got ${args.map(a => JSON.stringify(a)).join(' ')}). Set TABWRIGHT_HOME or TABWRIGHT_BROWSER in the server's environment instead.`,
      exitCode: ExitCode.Usage,
    });
    process.stdout.write(`${JSON.stringify(document)}\n`);
    return ExitCode.Usage;
  }
  // The SDK is loaded only once there is a server to run.
  const { serveOverStdio } = await import('./server.js');
  await serveOverStdio(runtimeHome());
  return ExitCode.Succeeded;
}

const code = await main(process.argv.slice(3));
process.exit(code);
