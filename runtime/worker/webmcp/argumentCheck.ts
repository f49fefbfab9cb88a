// A site tool's arguments checked against its inputSchema before the call, with Ajv (the JSON
// Schema validator fastify and the MCP SDK already use) and ajv-formats. The schema is the
// page's, so untrusted: Ajv's own advice (ajv.js.org/security.html) is to cap its size and
// depth, which the listing does (SITE_TOOL_LIMITS) and this file does (MAX_DEPTH). A
// pathological `pattern` can still make a check slow; the program's timeout bounds it.
//
// Each page schema is compiled by an Ajv of its own, made for that one call: a schema is added
// to the instance that compiles it under its `$id` (and its nested ones), so on a shared instance
// one page's `$id: "http://json-schema.org/draft-07/schema#"` replaced, then removed, Ajv's own
// meta-schema, and every later webmcp.call of that worker failed. The shared instances only
// check a schema against the meta-schema (validateSchema adds nothing to them); the fresh one
// has no meta-schemas and checks none (bench/ajvIsolation.ts, median of a call: 0.4 ms, against
// 1.6-6.4 ms on the shared instance with removeSchema; a fresh instance that keeps its
// meta-schemas compiles them each time, 37-39 ms).
// Ajv is required on the first call, not when the worker starts.
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { WebMCPArgumentError, WebMCPUsageError } from './siteToolErrors.js';

const require = createRequire(import.meta.url);

interface AjvInstance {
  compile(schema: object): ValidateFunction;
  validateSchema(schema: object): boolean | Promise<unknown>;
  errorsText(errors?: ErrorObject[] | null): string;
  errors?: ErrorObject[] | null;
}
type AjvClass = new (options: Record<string, unknown>) => AjvInstance;

const MAX_DEPTH = 32;

/** strict off: pages use keywords and formats of their own; unknown ones are ignored, not fatal, and not logged (the program's console is the receipt's). */
const CHECKER_OPTIONS = { strict: false, allErrors: false, validateSchema: true, logger: false };
/** For one page schema: no meta-schemas (a `$id` of the page's cannot reach them), nothing kept. */
const COMPILER_OPTIONS = { strict: false, allErrors: false, meta: false, validateSchema: false, addUsedSchema: false, logger: false };

let loaded: { Ajv: AjvClass; Ajv2020: AjvClass; addFormats: (ajv: AjvInstance) => unknown; checkers: Record<'draft7' | 'draft2020', AjvInstance> } | undefined;

function ajv() {
  if (!loaded) {
    const addFormats = (require('ajv-formats') as { default: (ajv: AjvInstance) => unknown }).default;
    const Ajv = (require('ajv') as { default: AjvClass }).default;
    const Ajv2020 = (require('ajv/dist/2020') as { default: AjvClass }).default;
    loaded = { Ajv, Ajv2020, addFormats, checkers: { draft7: new Ajv(CHECKER_OPTIONS), draft2020: new Ajv2020(CHECKER_OPTIONS) } };
  }
  return loaded;
}

/** A validator for one page schema: checked against its draft's meta-schema, compiled by an Ajv made for it alone. */
export function compilePageSchema(schema: object, draft2020: boolean): ValidateFunction {
  const { Ajv, Ajv2020, addFormats, checkers } = ajv();
  const checker = draft2020 ? checkers.draft2020 : checkers.draft7;
  if (checker.validateSchema(schema) !== true) throw new Error(`schema is invalid: ${checker.errorsText(checker.errors)}`);
  const compiler = new (draft2020 ? Ajv2020 : Ajv)(COMPILER_OPTIONS);
  addFormats(compiler);
  return compiler.compile(schema);
}

function depth(value: unknown, limit: number): number {
  if (limit < 0 || value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  for (const child of Object.values(value)) deepest = Math.max(deepest, depth(child, limit - 1));
  return deepest + 1;
}

/** `/filters/maxPrice` → `filters.maxPrice`; array indexes as `[0]`. */
function fieldName(pointer: string, child?: string): string {
  const parts = pointer.split('/').slice(1).map(p => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  return parts.reduce((name, part) => /^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part, '');
}

function describe(error: ErrorObject): { field: string; problem: string } {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    const field = fieldName(error.instancePath, String(params.missingProperty));
    return { field, problem: `argument ${field} is required` };
  }
  if (error.keyword === 'additionalProperties') {
    const field = fieldName(error.instancePath, String(params.additionalProperty));
    return { field, problem: `argument ${field} is not one the tool takes` };
  }
  const field = fieldName(error.instancePath);
  const allowed = Array.isArray(params.allowedValues) ? `: one of ${params.allowedValues.map(v => JSON.stringify(v)).join(', ')}` : '';
  return { field: field || '(arguments)', problem: `${field ? `argument ${field}` : 'the arguments'} ${error.message ?? 'do not match'}${allowed}` };
}

/** Throws WebMCPArgumentError naming the first field that does not match; a tool without a schema takes any object. */
export function checkArguments(tool: string, schema: unknown, args: Record<string, unknown>): void {
  if (schema === undefined || schema === true) return;
  if (typeof schema !== 'object' || schema === null) throw new WebMCPUsageError(`webmcp.call(${JSON.stringify(tool)}): the page's inputSchema for this tool is not a JSON Schema object, so its arguments cannot be checked; the tool was not called.`);
  if (depth(schema, MAX_DEPTH + 1) > MAX_DEPTH) throw new WebMCPUsageError(`webmcp.call(${JSON.stringify(tool)}): the page's inputSchema is nested deeper than ${MAX_DEPTH} levels, too deep to check; the tool was not called.`);
  const { $schema, ...rest } = schema as Record<string, unknown>;
  const draft2020 = typeof $schema === 'string' && /2020-12|2019-09/.test($schema);
  let validate: ValidateFunction;
  try {
    validate = compilePageSchema(rest, draft2020);
  } catch (error) {
    throw new WebMCPUsageError(`webmcp.call(${JSON.stringify(tool)}): the page's inputSchema is not a valid JSON Schema (${(error as Error).message}); the tool was not called.`);
  }
  if (validate(args)) return;
  const first = validate.errors?.[0];
  const { field, problem } = first ? describe(first) : { field: '(arguments)', problem: 'the arguments do not match' };
  throw new WebMCPArgumentError(tool, field, problem);
}
