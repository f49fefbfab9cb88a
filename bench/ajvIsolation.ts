// What compiling each page's WebMCP inputSchema in an Ajv of its own costs (issue 38 item 8,
// runtime/worker/webmcp/argumentCheck.ts), against the shared instance it replaced and against a
// fresh instance that keeps its meta-schemas. `node dist/bench/ajvIsolation.js`; no browser.
import { createRequire } from 'node:module';
import { compilePageSchema } from '../runtime/worker/webmcp/argumentCheck.js';
import { median } from './median.js';

const require = createRequire(import.meta.url);
type AjvLike = { compile(schema: object): (data: unknown) => boolean; removeSchema(schema: object): unknown };
const Ajv = (require('ajv') as { default: new (options: object) => AjvLike }).default;
const addFormats = (require('ajv-formats') as { default: (ajv: AjvLike) => unknown }).default;

const SCHEMA = {
  type: 'object', additionalProperties: false, required: ['query'],
  properties: { query: { type: 'string', minLength: 1 }, maxPrice: { type: 'number' }, date: { type: 'string', format: 'date' } },
};

function timed(runs: number, once: () => void): number {
  for (let i = 0; i < 20; i++) once();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    once();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(samples);
}

const shared = new Ajv({ strict: false, validateSchema: true, logger: false });
addFormats(shared);
const rows: [string, number][] = [
  ['shared instance: compile, then removeSchema (before)', timed(300, () => {
    const schema = { ...SCHEMA };
    shared.compile(schema)({ query: 'tea' });
    shared.removeSchema(schema);
  })],
  ['an instance per schema, with its meta-schemas', timed(100, () => {
    const own = new Ajv({ strict: false, validateSchema: true, logger: false });
    addFormats(own);
    own.compile({ ...SCHEMA })({ query: 'tea' });
  })],
  ['an instance per schema, meta-schema checked by a shared one (now)', timed(300, () => compilePageSchema({ ...SCHEMA }, false)({ query: 'tea' }))],
];
for (const [what, ms] of rows) console.log(`${ms.toFixed(2).padStart(7)} ms  ${what}`);
