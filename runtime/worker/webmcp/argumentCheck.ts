// A site tool's arguments checked against its inputSchema before the call, with Ajv (the JSON
// Schema validator fastify and the MCP SDK already use) and ajv-formats. The schema is the
// page's, so untrusted: Ajv's own advice (ajv.js.org/security.html) is to cap its size and
// depth, which the listing does (SITE_TOOL_LIMITS) and this file does (MAX_DEPTH). A
// pathological `pattern` can still make a check slow; the program's timeout bounds it.
// Ajv is required on the first call, not when the worker starts.
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { WebMCPArgumentError, WebMCPUsageError } from './siteToolErrors.js';

const require = createRequire(import.meta.url);

type AjvClass = new (options: Record<string, unknown>) => {
  compile(schema: object): ValidateFunction;
  removeSchema(schema: object): unknown;
};

const MAX_DEPTH = 32;

let validators: { draft7: InstanceType<AjvClass>; draft2020: InstanceType<AjvClass> } | undefined;

function ajv(draft2020: boolean) {
  if (!validators) {
    const addFormats = (require('ajv-formats') as { default: (ajv: unknown) => unknown }).default;
    const Ajv = (require('ajv') as { default: AjvClass }).default;
    const Ajv2020 = (require('ajv/dist/2020') as { default: AjvClass }).default;
    // strict off: pages use keywords and formats of their own; unknown ones are ignored, not fatal.
    const options = { strict: false, allErrors: false, validateSchema: true };
    validators = { draft7: new Ajv(options), draft2020: new Ajv2020(options) };
    addFormats(validators.draft7);
    addFormats(validators.draft2020);
  }
  return draft2020 ? validators.draft2020 : validators.draft7;
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
  const validator = ajv(draft2020);
  let validate: ValidateFunction;
  try {
    validate = validator.compile(rest);
  } catch (error) {
    throw new WebMCPUsageError(`webmcp.call(${JSON.stringify(tool)}): the page's inputSchema is not a valid JSON Schema (${(error as Error).message}); the tool was not called.`);
  } finally {
    // Each call brings a new schema object: Ajv would keep every one it compiled.
    validator.removeSchema(rest);
  }
  if (validate(args)) return;
  const first = validate.errors?.[0];
  const { field, problem } = first ? describe(first) : { field: '(arguments)', problem: 'the arguments do not match' };
  throw new WebMCPArgumentError(tool, field, problem);
}
