// `tabwright playbook ...` argument parsing: pure, no runtime involved.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseArguments } from '../cli/arguments.js';

function parsed(...argv: string[]) {
  const result = parseArguments(argv);
  assert.ok(result.ok, `expected ${argv.join(' ')} to parse: ${result.ok ? '' : result.error.message}`);
  return result.invocation.command;
}

function refused(argv: string[], name: string, mentions: RegExp): void {
  const result = parseArguments(argv);
  assert.ok(!result.ok, `expected ${argv.join(' ')} to be refused`);
  assert.equal(result.error.name, name, result.error.message);
  assert.match(result.error.message, mentions);
}

describe('playbook arguments', () => {
  it('parses each subcommand with its positional argument and flags', () => {
    assert.deepEqual(parsed('playbook', 'save', 'book.js'), { kind: 'playbookSave', file: 'book.js' });
    assert.deepEqual(parsed('playbook', 'save', '-'), { kind: 'playbookSave', file: '-' });
    assert.deepEqual(parsed('playbook', 'list'), { kind: 'playbookList' });
    assert.deepEqual(parsed('playbook', 'list', '--site', 'https://shop.example/'), { kind: 'playbookList', site: 'https://shop.example/' });
    assert.deepEqual(parsed('playbook', 'show', 'shop.example.add'), { kind: 'playbookShow', name: 'shop.example.add' });
    assert.deepEqual(parsed('playbook', 'export', 'dir'), { kind: 'playbookExport', dir: 'dir' });
    assert.deepEqual(parsed('playbook', 'import', 'dir', '--pretty'), { kind: 'playbookImport', dir: 'dir' });
    assert.deepEqual(parsed('playbook', 'run', 'shop.example.add', '--task', 't', '--request-id', 'r', '--params', '{"items":["a"]}', '--wait', '5'), {
      kind: 'playbookRun', name: 'shop.example.add', task: 't', requestId: 'r', params: { items: ['a'] }, waitS: 5, timeoutS: 300, isolated: false, verbose: false,
    });
  });

  it('refuses what it cannot use, saying what to give', () => {
    refused(['playbook'], 'MissingCommand', /needs one of: save, list, show, run, export, import/);
    refused(['playbook', 'delete', 'x'], 'UnknownCommand', /got "delete"/);
    refused(['playbook', 'save'], 'MissingValue', /needs FILE/);
    refused(['playbook', 'show', 'a', 'b'], 'UnexpectedArgument', /"b"/);
    refused(['playbook', 'list', '--task', 't'], 'UnknownFlag', /--task/);
    refused(['playbook', 'run', 'x.y', '--request-id', 'r'], 'MissingFlag', /needs --task/);
    refused(['playbook', 'run', 'x.y', '--task', 'bad name', '--request-id', 'r'], 'InvalidTaskName', /bad name/);
    refused(['playbook', 'run', 'x.y', '--task', 't', '--request-id', 'r', '--params', '[1]'], 'InvalidParams', /must be a JSON object/);
    refused(['playbook', 'run', 'x.y', '--task', 't', '--request-id', 'r', '--params', '{'], 'InvalidParams', /is not JSON/);
  });

  it('help for playbook lists its usages', () => {
    assert.deepEqual(parsed('playbook', '--help'), { kind: 'help', topic: 'playbook' });
  });
});
