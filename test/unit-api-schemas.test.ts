// The API's route schemas are compiled without Ajv's check of each schema against JSON Schema's
// meta-schema (apiSchemas.ts API_SCHEMA_COMPILER: on a cold start's path), each at its route's
// first request (lazyValidators.ts). The check is here instead: every part of every route's
// schema is a valid schema.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import AjvModule from 'ajv';
import * as apiSchemas from '../runtime/api/apiSchemas.js';

// Ajv is CommonJS with its class as `default`.
const Ajv = AjvModule.default;
const PARTS = ['body', 'querystring', 'params', 'headers'] as const;
const routes = Object.entries(apiSchemas).filter(([name]) => name.endsWith('_ROUTE')) as [string, Partial<Record<(typeof PARTS)[number], unknown>>][];

describe('API route schemas', () => {
  it('are found (every *_ROUTE export of apiSchemas.ts)', () => {
    assert.ok(routes.length >= 15, routes.map(([name]) => name).join(', '));
  });

  it('each part of each route is a valid JSON schema (the meta-schema check fastify no longer makes)', () => {
    const ajv = new Ajv();
    for (const [name, route] of routes) {
      const parts = PARTS.filter(part => route[part] !== undefined);
      assert.ok(parts.length > 0, `${name} has a body, querystring, params or headers schema`);
      for (const part of parts) assert.equal(ajv.validateSchema(route[part] as object), true, `${name}.${part}: ${ajv.errorsText(ajv.errors)}`);
    }
  });

  it('no route has a headers schema (lazyValidators.ts: fastify would not lower-case its names)', () => {
    assert.deepEqual(routes.filter(([, route]) => route.headers !== undefined).map(([name]) => name), []);
  });

  it('the check catches an invalid schema', () => {
    assert.equal(new Ajv().validateSchema({ type: 'object', properties: { wait: { type: 'integr' } } }), false);
  });
});
