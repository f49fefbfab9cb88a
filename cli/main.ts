// The tabwright CLI: parse the arguments, run one command, print one JSON document on
// stdout, exit with the contract's code. Loads node built-ins only, so a run stays cheap.
import { parseArguments, type Command } from './arguments.js';
import { failureOutcome, type CommandOutcome } from './commandOutcome.js';
import { ExitCode } from '../contract/exitCodes.js';
import { receiptCommandFor } from '../contract/answerDocument.js';
import { runtimeHome } from './runtimeHome.js';

/** Each command's module is loaded on demand: every file loaded costs a CLI run time. */
async function execute(command: Command): Promise<CommandOutcome> {
  const home = runtimeHome();
  switch (command.kind) {
    case 'run': return (await import('./commands/run.js')).runProgram(command, home);
    case 'receipt': return (await import('./commands/receipt.js')).showReceipt(command, home);
    case 'receipts': return (await import('./commands/receipt.js')).listReceipts(command, home);
    case 'tasks':
    case 'pages':
    case 'adopt':
    case 'release':
    case 'close':
    case 'endpoint': return (await import('./commands/taskCommands.js')).runTaskCommand(command, home);
    case 'view': return (await import('./commands/view.js')).showView(command, home);
    case 'runtimeStart':
    case 'runtimeStop':
    case 'runtimeStatus': return (await import('./commands/runtimeCommands.js')).runRuntimeCommand(command, home);
    case 'skillPrint': return (await import('./commands/skill.js')).printSkill();
    case 'skillInstall': return (await import('./commands/skill.js')).installSkill(command.dir);
    case 'skillShow': return (await import('./commands/skill.js')).showReference(command.name);
    case 'playbookSave':
    case 'playbookList':
    case 'playbookShow':
    case 'playbookRun':
    case 'playbookExport':
    case 'playbookImport': return (await import('./commands/playbook.js')).runPlaybookCommand(command, home);
    case 'installBrowser': return (await import('./commands/installBrowser.js')).runInstallBrowser();
    case 'doctor': return (await import('./commands/doctor.js')).runDoctor(home);
    case 'version': return { kind: 'text', exitCode: ExitCode.Succeeded, text: `${(await import('./packageFiles.js')).cliVersion()}\n` };
    case 'help': return { kind: 'text', exitCode: ExitCode.Succeeded, text: (await import('./help.js')).helpText(command.topic) };
  }
}

function emit(outcome: CommandOutcome, pretty: boolean): void {
  const text = outcome.kind === 'json'
    ? `${JSON.stringify(outcome.document, null, pretty ? 2 : undefined)}\n`
    : outcome.text;
  const exit = (): never => process.exit(outcome.exitCode);
  process.stdout.on('error', exit);
  process.stdout.write(text, exit);
}

async function main(argv: readonly string[]): Promise<void> {
  const parsed = parseArguments(argv);
  if (!parsed.ok) {
    const { field, ...error } = parsed.error;
    emit(failureOutcome({ ...error, exitCode: ExitCode.Usage, ...(field ? { details: { field } } : {}) }), parsed.pretty);
    return;
  }
  let outcome: CommandOutcome;
  try {
    outcome = await execute(parsed.invocation.command);
  } catch (error) {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    const command = parsed.invocation.command;
    outcome = failureOutcome({
      name: 'InternalError',
      message: `tabwright failed unexpectedly: ${detail}.`
        + (command.kind === 'run' || command.kind === 'playbookRun' ? ` The program may have been submitted: query its receipt with \`${receiptCommandFor(command)}\` before resubmitting.` : ''),
      exitCode: ExitCode.Unreachable,
    });
  }
  emit(outcome, parsed.invocation.pretty);
}

// No top-level await: this module is also bundled as CommonJS (scripts/bundle-cli.ts).
void main(process.argv.slice(2));
