// `tabwright playbook save|list|show|run|export|import`. The files are read and written here,
// in the caller's directory and with the caller's permissions; the runtime checks and stores
// them. Node built-ins only.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PlaybookCommand } from '../arguments.js';
import { failureOutcome, jsonOutcome, type CommandOutcome } from '../commandOutcome.js';
import { ExitCode } from '../../contract/exitCodes.js';
import { readProgram } from '../programSource.js';
import { submitForReceipt } from '../receiptSubmission.js';
import { connectRuntime } from '../runtimeConnection.js';
import type { RuntimeHome } from '../runtimeHome.js';
import { passThrough } from './passThrough.js';

export async function runPlaybookCommand(command: PlaybookCommand, home: RuntimeHome): Promise<CommandOutcome> {
  switch (command.kind) {
    case 'playbookSave': {
      const read = command.file === '-' ? await readProgram('-') : readFile(command.file);
      if (!read.ok) return failureOutcome(read.failure);
      const origin = command.file === '-' ? 'stdin' : resolve(command.file);
      return passThrough(home, { method: 'POST', path: '/v1/playbooks', body: { playbooks: [{ source: read.program, origin }] } });
    }
    case 'playbookList':
      return passThrough(home, { method: 'GET', path: `/v1/playbooks${command.site === undefined ? '' : `?site=${encodeURIComponent(command.site)}`}` });
    case 'playbookShow':
      return passThrough(home, { method: 'GET', path: `/v1/playbooks/${encodeURIComponent(command.name)}` });
    case 'playbookRun':
      return runPlaybook(command, home);
    case 'playbookExport':
      return exportPlaybooks(command.dir, home);
    case 'playbookImport':
      return importPlaybooks(command.dir, home);
  }
}

type Read = { ok: true; program: string } | { ok: false; failure: { name: string; message: string; exitCode: ExitCode } };

function readFile(path: string): Read {
  try {
    return { ok: true, program: readFileSync(path, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return { ok: false, failure: { name: 'UnreadableFile', message: `Cannot read ${JSON.stringify(path)} (${code}): give the path of a playbook .js file, or - to read it from stdin.`, exitCode: ExitCode.Usage } };
  }
}

async function runPlaybook(command: Extract<PlaybookCommand, { kind: 'playbookRun' }>, home: RuntimeHome): Promise<CommandOutcome> {
  const connection = await connectRuntime(home);
  if (!connection.ok) return failureOutcome(connection.failure);
  const body = {
    requestId: command.requestId,
    params: command.params,
    timeoutS: command.timeoutS,
    ...(command.page === undefined ? {} : { page: command.page }),
    ...(command.isolated ? { isolated: true } : {}),
    ...(command.maxInline === undefined ? {} : { maxInline: command.maxInline }),
  };
  // As `run`: the compact view the model acts on unless the caller asks for all of it.
  const view = command.verbose ? '' : '&view=compact';
  return submitForReceipt(home, command, `/v1/tasks/${encodeURIComponent(command.task)}/playbooks/${encodeURIComponent(command.name)}?wait=${command.waitS}${view}`, body, command.waitS);
}

/** Writes each playbook's latest source to DIR/NAME.js, the form `import` and a repository keep. */
async function exportPlaybooks(dir: string, home: RuntimeHome): Promise<CommandOutcome> {
  const listed = await passThrough(home, { method: 'GET', path: '/v1/playbooks?source=1' });
  if (listed.kind !== 'json' || listed.exitCode !== ExitCode.Succeeded) return listed;
  const { playbooks } = listed.document as { playbooks: { name: string; version: number; source: string }[] };
  const target = resolve(dir);
  try {
    mkdirSync(target, { recursive: true });
    const exported = playbooks.map(p => {
      const file = join(target, `${p.name}.js`);
      writeFileSync(file, p.source);
      return { name: p.name, version: p.version, file };
    });
    return jsonOutcome(ExitCode.Succeeded, { exported });
  } catch (error) {
    return failureOutcome({ name: 'ExportFailed', message: `Could not write to ${target} (${(error as Error).message}): give a writable directory.`, exitCode: ExitCode.Usage });
  }
}

/** Saves every DIR/*.js as one request: all are checked first, and none is saved when one is refused. */
async function importPlaybooks(dir: string, home: RuntimeHome): Promise<CommandOutcome> {
  const source = resolve(dir);
  let files: string[];
  try {
    files = readdirSync(source).filter(f => f.endsWith('.js')).sort();
  } catch (error) {
    return failureOutcome({ name: 'UnreadableDirectory', message: `Cannot read ${source} (${(error as NodeJS.ErrnoException).code ?? 'error'}): give a directory of playbook .js files.`, exitCode: ExitCode.Usage });
  }
  if (files.length === 0) return failureOutcome({ name: 'NoPlaybooks', message: `${source} has no .js files: nothing to import.`, exitCode: ExitCode.Usage });
  const playbooks = [];
  for (const f of files) {
    const read = readFile(join(source, f));
    if (!read.ok) return failureOutcome(read.failure);
    playbooks.push({ source: read.program, origin: join(source, f) });
  }
  return passThrough(home, { method: 'POST', path: '/v1/playbooks', body: { playbooks } });
}
