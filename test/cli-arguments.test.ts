// The CLI's argument parsing and program validation: pure, no runtime involved.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseArguments, type ArgumentErrorName, type Command } from '../cli/arguments.js';
import { MAX_PROGRAM_BYTES, readProgram, validateProgram } from '../cli/programSource.js';

function command(...argv: string[]): Command {
  const parsed = parseArguments(argv);
  assert.ok(parsed.ok, `expected ${argv.join(' ')} to parse, got ${parsed.ok ? '' : JSON.stringify(parsed.error)}`);
  return parsed.invocation.command;
}

function rejected(argv: string[], name: ArgumentErrorName, mentions?: string): string {
  const parsed = parseArguments(argv);
  assert.ok(!parsed.ok, `expected ${argv.join(' ')} to be rejected`);
  assert.equal(parsed.error.name, name, parsed.error.message);
  if (mentions !== undefined) assert.ok(parsed.error.message.includes(mentions), `"${parsed.error.message}" should mention ${mentions}`);
  return parsed.error.message;
}

describe('run arguments', () => {
  it('applies the defaults', () => {
    assert.deepEqual(command('run', '--task', 'inspect', '--request-id', 'inspect-01'), {
      kind: 'run', task: 'inspect', requestId: 'inspect-01', waitS: 30, timeoutS: 300, isolated: false, verbose: false,
    });
  });

  it('reads every flag, in either --flag value or --flag=value form', () => {
    assert.deepEqual(command('run', '--task=a.b:c_d-e', '--request-id', 'R1', '--wait', '0.5', '--timeout=12',
      '--page', '17', '--file', 'prog.js', '--isolated', '--max-inline', '4096', '--verbose'), {
      kind: 'run', task: 'a.b:c_d-e', requestId: 'R1', waitS: 0.5, timeoutS: 12, page: 17, file: 'prog.js',
      isolated: true, maxInline: 4096, verbose: true,
    });
  });

  it('--keep-secrets keeps the credentials of the files --har and --trace record: only with one of them', () => {
    for (const flag of ['--har', '--trace']) {
      const run = command('run', '--task', 't', '--request-id', 'r', flag, '--keep-secrets');
      assert.equal(run.kind === 'run' && run.keepSecrets, true);
    }
    rejected(['run', '--task', 't', '--request-id', 'r', '--keep-secrets'], 'MissingFlag', '--har');
  });

  it('takes --pretty anywhere', () => {
    const parsed = parseArguments(['run', '--pretty', '--task', 't', '--request-id', 'r']);
    assert.ok(parsed.ok);
    assert.equal(parsed.invocation.pretty, true);
  });

  it('rejects a bad task name and names it', () => {
    rejected(['run', '--task', 'has space', '--request-id', 'r'], 'InvalidTaskName', '"has space"');
    rejected(['run', '--task', 'a/b', '--request-id', 'r'], 'InvalidTaskName', '"a/b"');
    rejected(['run', '--task', '', '--request-id', 'r'], 'InvalidTaskName');
    rejected(['run', '--task', 'x'.repeat(129), '--request-id', 'r'], 'InvalidTaskName');
    // A task name is a folder under the artifacts folder: . and .. would be the folder itself or the home.
    rejected(['run', '--task', '..', '--request-id', 'r'], 'InvalidTaskName', 'not . or ..');
    rejected(['run', '--task', '.', '--request-id', 'r'], 'InvalidTaskName', 'not . or ..');
    rejected(['run', '--task', 't', '--request-id', '..'], 'InvalidRequestId', 'not . or ..');
    assert.equal(command('run', '--task', '...', '--request-id', '.r').kind, 'run');
    assert.equal(command('run', '--task', 'x'.repeat(128), '--request-id', 'r').kind, 'run');
  });

  it('rejects a bad request id and names it', () => {
    rejected(['run', '--task', 't', '--request-id', 'id#1'], 'InvalidRequestId', '"id#1"');
    rejected(['receipt', '--task', 't', '--request-id', 'é'], 'InvalidRequestId', '"é"');
  });

  it('rejects bad numbers', () => {
    rejected(['run', '--task', 't', '--request-id', 'r', '--wait', '-1'], 'InvalidNumber', '--wait');
    rejected(['run', '--task', 't', '--request-id', 'r', '--wait', 'soon'], 'InvalidNumber', '"soon"');
    rejected(['run', '--task', 't', '--request-id', 'r', '--timeout', 'Infinity'], 'InvalidNumber', '--timeout');
    rejected(['run', '--task', 't', '--request-id', 'r', '--timeout', '1e3'], 'InvalidNumber');
    rejected(['run', '--task', 't', '--request-id', 'r', '--timeout', ''], 'InvalidNumber');
    rejected(['run', '--task', 't', '--request-id', 'r', '--page', '1.5'], 'InvalidNumber', '--page');
    rejected(['run', '--task', 't', '--request-id', 'r', '--max-inline', '-5'], 'InvalidNumber', '--max-inline');
    rejected(['receipts', '--task', 't', '--limit', '0'], 'InvalidNumber', '--limit');
    assert.equal((command('run', '--task', 't', '--request-id', 'r', '--wait', '0') as { waitS: number }).waitS, 0);
  });

  it('rejects unknown flags, missing values, missing flags and stray arguments', () => {
    rejected(['run', '--task', 't', '--request-id', 'r', '--bogus'], 'UnknownFlag', '--bogus');
    rejected(['tasks', '--task', 't'], 'UnknownFlag', '--task');
    rejected(['run', '--task', 't', '--request-id'], 'MissingValue', '--request-id');
    rejected(['run', '--task', '--request-id', 'r'], 'MissingValue', '--task');
    rejected(['run', '--request-id', 'r'], 'MissingFlag', '--task');
    rejected(['run', '--task', 't', '--request-id', 'r', 'extra'], 'UnexpectedArgument', '"extra"');
    rejected(['run', '--task', 't', '--task', 'u', '--request-id', 'r'], 'DuplicateFlag', '--task');
    rejected(['run', '--task', 't', '--request-id', 'r', '--isolated=yes'], 'UnexpectedArgument', '--isolated');
  });

  it('rejects unknown or missing commands', () => {
    rejected([], 'MissingCommand');
    rejected(['launch'], 'UnknownCommand', '"launch"');
    rejected(['runtime'], 'MissingCommand');
    rejected(['runtime', 'restart'], 'UnknownCommand', '"restart"');
  });
});

describe('other commands', () => {
  it('parses skill show NAME, and refuses it without a name', () => {
    assert.deepEqual(command('skill', 'show', 'widgets'), { kind: 'skillShow', name: 'widgets' });
    rejected(['skill', 'show'], 'MissingValue');
    rejected(['skill', 'show', 'widgets', 'extra'], 'UnexpectedArgument');
  });

  it('parses receipt with its default wait of 0', () => {
    assert.deepEqual(command('receipt', '--task', 't', '--request-id', 'r'), { kind: 'receipt', task: 't', requestId: 'r', waitS: 0, verbose: false });
    assert.deepEqual(command('receipt', '--task', 't', '--request-id', 'r', '--verbose'), { kind: 'receipt', task: 't', requestId: 'r', waitS: 0, verbose: true });
  });

  it('parses the task commands', () => {
    assert.deepEqual(command('receipts', '--task', 't', '--limit', '5'), { kind: 'receipts', task: 't', limit: 5 });
    assert.deepEqual(command('tasks'), { kind: 'tasks' });
    assert.deepEqual(command('pages'), { kind: 'pages', all: false });
    assert.deepEqual(command('pages', '--all'), { kind: 'pages', all: true });
    assert.deepEqual(command('pages', '--task', 't'), { kind: 'pages', all: false, task: 't' });
    rejected(['pages', '--task', 't', '--all'], 'ConflictingFlags');
    assert.deepEqual(command('adopt', '--task', 't', '--page', '3'), { kind: 'adopt', task: 't', page: 3 });
    rejected(['adopt', '--task', 't'], 'MissingFlag', '--page');
    assert.deepEqual(command('release', '--task', 't'), { kind: 'release', task: 't' });
    assert.deepEqual(command('close', '--task', 't'), { kind: 'close', tasks: ['t'] });
    assert.deepEqual(command('close', '--task', 'a', '--task', 'b', '--task', 'a'), { kind: 'close', tasks: ['a', 'b'] });
    assert.deepEqual(command('endpoint', '--task', 't'), { kind: 'endpoint', task: 't' });
  });

  it('parses runtime and skill commands', () => {
    assert.deepEqual(command('runtime', 'start', '--browser', '/usr/bin/chromium'), { kind: 'runtimeStart', browser: '/usr/bin/chromium', settings: {} });
    assert.deepEqual(command('runtime', 'start', '--connect', 'http://127.0.0.1:9222', '--allow-adopt',
      '--block-origin', '*.evil.test', '--block-origin=localhost:8080', '--allow-origin', 'https://example.com'), {
      kind: 'runtimeStart',
      settings: { connect: 'http://127.0.0.1:9222', allowAdopt: true, blockOrigins: ['*.evil.test', 'localhost:8080'], allowOrigins: ['https://example.com'] },
    });
    assert.deepEqual(command('runtime', 'start', '--auto-connect'), { kind: 'runtimeStart', settings: { connect: 'auto' } });
    rejected(['runtime', 'start', '--connect', 'ws://x', '--auto-connect'], 'ConflictingFlags');
    rejected(['runtime', 'start', '--browser', '/usr/bin/chromium', '--auto-connect'], 'ConflictingFlags');
    rejected(['runtime', 'start', '--block-origin', 'example.com/path'], 'InvalidOrigin', 'example.com/path');
    rejected(['runtime', 'start', '--allow-origin', 'ftp://example.com'], 'InvalidOrigin', 'http or https');
    rejected(['runtime', 'start', '--allow-adopt', '--allow-adopt'], 'DuplicateFlag');
    assert.deepEqual(command('runtime', 'stop'), { kind: 'runtimeStop' });
    assert.deepEqual(command('runtime', 'status'), { kind: 'runtimeStatus' });
    assert.deepEqual(command('skill'), { kind: 'skillPrint' });
    assert.deepEqual(command('skill', 'install', '--dir', '/tmp/x'), { kind: 'skillInstall', dir: '/tmp/x' });
    rejected(['skill', 'uninstall'], 'UnexpectedArgument', '"uninstall"');
  });

  it('parses install-browser, doctor and --version (issue 31)', () => {
    assert.deepEqual(command('install-browser'), { kind: 'installBrowser' });
    assert.deepEqual(command('doctor', '--pretty'), { kind: 'doctor' });
    assert.deepEqual(command('--version'), { kind: 'version' });
    rejected(['doctor', '--fix'], 'UnknownFlag', '--fix');
    rejected(['install-browser', 'chrome'], 'UnexpectedArgument', '"chrome"');
    assert.equal(command('--version', '--pretty').kind, 'version');
  });

  it('answers --help anywhere, even next to bad arguments', () => {
    assert.deepEqual(command('--help'), { kind: 'help', topic: undefined });
    assert.deepEqual(command('run', '--task', 'bad name', '--help'), { kind: 'help', topic: 'run' });
    assert.deepEqual(command('runtime', '-h'), { kind: 'help', topic: 'runtime' });
  });
});

describe('program validation', () => {
  it('accepts a program and keeps it as written', () => {
    const read = validateProgram(Buffer.from('return 1;\n'), 'test');
    assert.deepEqual(read, { ok: true, program: 'return 1;\n' });
  });

  it('rejects an empty or whitespace-only program', () => {
    for (const text of ['', '   ', '\n\t\n']) {
      const read = validateProgram(Buffer.from(text), 'standard input');
      assert.ok(!read.ok);
      assert.equal(read.failure.name, 'EmptyProgram');
      assert.equal(read.failure.exitCode, 2);
    }
  });

  it('accepts exactly 1 MiB of UTF-8 and rejects one byte more', () => {
    assert.ok(validateProgram(Buffer.alloc(MAX_PROGRAM_BYTES, 'a'), 'test').ok);
    const read = validateProgram(Buffer.alloc(MAX_PROGRAM_BYTES + 1, 'a'), 'test');
    assert.ok(!read.ok);
    assert.equal(read.failure.name, 'ProgramTooLarge');
    assert.equal(read.failure.exitCode, 2);
    // The limit counts bytes, not characters: 'é' is two bytes.
    assert.ok(!validateProgram(Buffer.from('é'.repeat(MAX_PROGRAM_BYTES / 2 + 1)), 'test').ok);
  });

  it('reads --file, and reports a missing one as a usage error', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-cli-args-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'program.js');
    writeFileSync(file, 'return document.title;');
    assert.deepEqual(await readProgram(file), { ok: true, program: 'return document.title;' });
    const missing = await readProgram(join(dir, 'nope.js'));
    assert.ok(!missing.ok);
    assert.equal(missing.failure.name, 'UnreadableFile');
    assert.equal(missing.failure.exitCode, 2);
    assert.ok(missing.failure.message.includes('nope.js'));
    const directory = await readProgram(dir);
    assert.ok(!directory.ok);
    assert.equal(directory.failure.name, 'UnreadableFile');
  });
});
