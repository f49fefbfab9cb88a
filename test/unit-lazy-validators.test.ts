// The API's validators compile at their route's first request (runtime/api/lazyValidators.ts), and
// check a request as fastify's own compiler does: the refusal and its errors, Ajv's coercion
// of a query's strings and of a body's root value, defaults, removed extra fields.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import AjvCompiler from '@fastify/ajv-compiler';
import { lazyValidators } from '../runtime/api/lazyValidators.js';
import { API_SCHEMA_COMPILER } from '../runtime/api/apiSchemas.js';

const QUERY = { type: 'object', properties: { wait: { type: 'integer', minimum: 0 }, view: { type: 'string', default: 'compact' } } } as const;
const BODY = { type: 'object', properties: { program: { type: 'string', minLength: 1 } }, required: ['program'], additionalProperties: false } as const;

/** An app with two routes, on lazy validators (counting the routes compiled) or on fastify's own. */
async function app(lazy: boolean) {
  const compiled: string[] = [];
  const build = AjvCompiler();
  const counting: AjvCompiler.BuildCompilerFromPool = (schemas, options) => {
    const compile = build(schemas, options);
    return route => { compiled.push(`${route.url} ${route.httpPart}`); return compile(route); };
  };
  const server = Fastify({ ajv: API_SCHEMA_COMPILER, ...(lazy ? { schemaController: { compilersFactory: { buildValidator: lazyValidators(counting) } } } : {}) });
  server.post('/a', { schema: { querystring: QUERY, body: BODY } }, async req => ({ query: req.query, body: req.body }));
  server.get('/b', { schema: { querystring: QUERY } }, async req => ({ query: req.query }));
  await server.ready();
  return { server, compiled };
}

describe('lazy validators', () => {
  it('compile nothing as the API starts, then each validator once, at its first request', async () => {
    const { server, compiled } = await app(true);
    assert.deepEqual(compiled, []);
    await server.inject({ method: 'POST', url: '/a?wait=5', payload: { program: 'return 1' } });
    assert.deepEqual(compiled.sort(), ['/a body', '/a querystring']);
    await server.inject({ method: 'POST', url: '/a?wait=6', payload: { program: 'return 2' } });
    assert.equal(compiled.length, 2);
    await server.inject({ method: 'GET', url: '/b?wait=1' });
    assert.deepEqual(compiled.sort(), ['/a body', '/a querystring', '/b querystring']);
    await server.close();
  });

  it('answer every request as fastify\'s own compiler does', async () => {
    const lazy = await app(true);
    const eager = await app(false);
    const requests = [
      { method: 'POST', url: '/a?wait=5', payload: { program: 'return 1' } },
      { method: 'POST', url: '/a?wait=5', payload: { program: 'return 1', extra: true } },
      { method: 'POST', url: '/a?wait=x', payload: { program: 'return 1' } },
      { method: 'POST', url: '/a', payload: { program: '' } },
      { method: 'POST', url: '/a', payload: {} },
      { method: 'GET', url: '/b?wait=-1' },
      { method: 'GET', url: '/b' },
    ] as const;
    for (const request of requests) {
      const [a, b] = await Promise.all([lazy.server.inject(request), eager.server.inject(request)]);
      assert.equal(a.statusCode, b.statusCode, JSON.stringify(request));
      assert.equal(a.body, b.body, JSON.stringify(request));
    }
    const coerced = await lazy.server.inject({ method: 'POST', url: '/a?wait=5', payload: { program: 'return 1', extra: true } });
    assert.deepEqual(coerced.json(), { query: { wait: 5, view: 'compact' }, body: { program: 'return 1' } });
    const refused = await lazy.server.inject({ method: 'GET', url: '/b?wait=x' });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.json().message, /querystring\/wait must be integer/);
    await Promise.all([lazy.server.close(), eager.server.close()]);
  });
});
