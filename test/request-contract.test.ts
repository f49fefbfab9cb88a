// One definition per request (contract/requestSchemas.ts, worded by contract/requestFields.ts):
// the same bad request, sent to the API, to the MCP server's run tool and to the CLI, is
// refused by each naming the same field and saying the same thing. No browser: each front door
// refuses before anything runs (the API's schema check runs before its handler).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { registerApi } from '../runtime/api/api.js';
import type { Service } from '../runtime/service.js';
import { parseToolInput } from '../mcp/toolInput.js';
import { parseArguments } from '../cli/arguments.js';

/** The API with a service that must never be reached: a refused request goes no further than the schema. */
async function api() {
  const app = Fastify();
  // Its parts may be looked up as the routes register; calling anything of it fails the test.
  const untouchable: object = new Proxy(() => {}, {
    get: (_target, key) => (key === 'then' ? undefined : untouchable),
    apply: () => { throw new Error('the service was reached'); },
  });
  await registerApi(app, untouchable as Service, () => {});
  return app;
}

interface Refused { field: string | undefined; message: string }

async function viaApi(task: string, body: Record<string, unknown>): Promise<Refused> {
  const app = await api();
  try {
    const answer = await app.inject({ method: 'POST', url: `/v1/tasks/${encodeURIComponent(task)}/programs`, payload: body });
    assert.equal(answer.statusCode, 400, answer.body);
    const error = answer.json().error as { name: string; field?: string; message: string };
    assert.equal(error.name, 'UsageError');
    return { field: error.field, message: error.message };
  } finally {
    await app.close();
  }
}

function viaMcp(args: Record<string, unknown>): Refused {
  const parsed = parseToolInput('run', args);
  assert.ok(!parsed.ok, 'refused');
  return { field: parsed.failure.details?.field as string | undefined, message: parsed.failure.message };
}

function viaCli(argv: string[]): Refused {
  const parsed = parseArguments(argv);
  assert.ok(!parsed.ok, 'refused');
  return { field: parsed.error.field, message: parsed.error.message };
}

const program = 'return 1;';

describe('the same bad request at the API, the MCP server and the CLI', () => {
  it('a task name with a space: field task, the same words', async () => {
    const fromApi = await viaApi('has space', { requestId: 'r-1', program });
    const fromMcp = viaMcp({ task: 'has space', requestId: 'r-1', program });
    const fromCli = viaCli(['run', '--task', 'has space', '--request-id', 'r-1']);
    for (const refused of [fromApi, fromMcp, fromCli]) assert.equal(refused.field, 'task', refused.message);
    assert.equal(fromApi.message, fromMcp.message);
    assert.equal(fromCli.message, fromMcp.message);
    assert.match(fromApi.message, /Invalid task name "has space": use 1 to 128 characters .*not \. or \.\./);
  });

  it('a request id with a space: field requestId, the same words', async () => {
    const fromApi = await viaApi('t', { requestId: 'has space', program });
    const fromMcp = viaMcp({ task: 't', requestId: 'has space', program });
    const fromCli = viaCli(['run', '--task', 't', '--request-id', 'has space']);
    for (const refused of [fromApi, fromMcp, fromCli]) assert.equal(refused.field, 'requestId', refused.message);
    assert.equal(fromApi.message, fromMcp.message);
    assert.equal(fromCli.message, fromMcp.message);
  });

  it('a negative timeout: field timeoutS, each naming it as its caller wrote it', async () => {
    const fromApi = await viaApi('t', { requestId: 'r-1', program, timeoutS: -1 });
    const fromMcp = viaMcp({ task: 't', requestId: 'r-1', program, timeoutSeconds: -1 });
    const fromCli = viaCli(['run', '--task', 't', '--request-id', 'r-1', '--timeout', '-1']);
    for (const refused of [fromApi, fromMcp, fromCli]) {
      assert.equal(refused.field, 'timeoutS', refused.message);
      assert.match(refused.message, /-1"? is not a number of seconds: give a non-negative number such as 30 or 0\.5\./);
    }
    assert.match(fromApi.message, /^timeoutS -1 /);
    assert.match(fromMcp.message, /^timeoutSeconds -1 /);
    assert.match(fromCli.message, /^--timeout "-1" /);
  });

  it('a page id that is not a whole number: field page', async () => {
    const fromApi = await viaApi('t', { requestId: 'r-1', program, page: 1.5 });
    const fromMcp = viaMcp({ task: 't', requestId: 'r-1', program, page: 1.5 });
    const fromCli = viaCli(['run', '--task', 't', '--request-id', 'r-1', '--page', '1.5']);
    for (const refused of [fromApi, fromMcp, fromCli]) {
      assert.equal(refused.field, 'page', refused.message);
      assert.match(refused.message, /is not a page id: give a non-negative integer/);
    }
  });
});
