// The types a playbook's parameters may declare, and the check of a value against one.
// Pure: the front matter parser, the API (before anything is queued) and the worker (for a
// playbook run inside a program) all check values the same way.
import type { ParameterProblem } from '../../contract/playbookApi.js';

/**
 * What `@param {TYPE}` may say. A small set an agent can fill from a task without guessing.
 * `secret` is a string (a password, a one-time code) whose value is never shown back: no
 * example in the file, no value in a message, and a `playbook run` keeps it out of the
 * stored program.
 */
export type ParameterType =
  | { kind: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'secret' }
  | { kind: 'list'; of: 'string' | 'number' | 'integer' | 'boolean' | 'any' }
  | { kind: 'oneOf'; values: string[] };

export interface Parameter {
  name: string;
  type: ParameterType;
  /** As written in the front matter, for messages and listings. */
  typeText: string;
  optional: boolean;
  /** Applied when the parameter is not given (only for optional ones). */
  default?: unknown;
  description: string;
  example: unknown;
}

export const TYPE_NAMES = 'string, number, integer, boolean, object, array, string[], number[], integer[], boolean[], secret (a string never shown back), or a choice like "lunch"|"dinner"';

const SCALARS = ['string', 'number', 'integer', 'boolean'] as const;
type Scalar = (typeof SCALARS)[number];

/** `{string}`'s inside; undefined when it is not one of TYPE_NAMES. */
export function parseType(text: string): ParameterType | undefined {
  const t = text.trim();
  if ((SCALARS as readonly string[]).includes(t) || t === 'object' || t === 'secret') return { kind: t as Scalar | 'object' | 'secret' };
  if (t === 'array' || t === 'any[]' || t === 'Array') return { kind: 'list', of: 'any' };
  const list = /^(?:(\w+)\[\]|Array<(\w+)>)$/.exec(t);
  if (list) {
    const of = list[1] ?? list[2];
    return (SCALARS as readonly string[]).includes(of) ? { kind: 'list', of: of as Scalar } : undefined;
  }
  // A choice among string literals: "lunch"|"dinner" or 'lunch'|'dinner'.
  const choices = t.split('|').map(c => c.trim());
  if (choices.length >= 2 && choices.every(c => /^(["'])[^"'|]*\1$/.test(c))) return { kind: 'oneOf', values: choices.map(c => c.slice(1, -1)) };
  return undefined;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && !Number.isInteger(value)) return `the number ${value}`;
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value)}`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`;
}

function scalarProblem(kind: Scalar | 'any', value: unknown): string | undefined {
  switch (kind) {
    case 'any': return undefined;
    case 'string': return typeof value === 'string' ? undefined : describeValue(value);
    case 'boolean': return typeof value === 'boolean' ? undefined : describeValue(value);
    case 'number': return typeof value === 'number' && Number.isFinite(value) ? undefined : describeValue(value);
    case 'integer': return typeof value === 'number' && Number.isSafeInteger(value) ? undefined : describeValue(value);
  }
}

/** What is wrong with `value` for `type` ("the string \"4\""), or undefined when it fits. */
export function valueProblem(type: ParameterType, value: unknown): string | undefined {
  switch (type.kind) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? undefined : describeValue(value);
    case 'list': {
      if (!Array.isArray(value)) return describeValue(value);
      const bad = value.findIndex(item => scalarProblem(type.of, item) !== undefined);
      return bad === -1 ? undefined : `an array whose item ${bad} is ${describeValue(value[bad])}`;
    }
    case 'oneOf':
      return typeof value === 'string' && type.values.includes(value) ? undefined : describeValue(value);
    case 'secret':
      // Never the value: a PIN given as a number is still a PIN.
      return typeof value === 'string' ? undefined : `${value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`} (its value is not shown: it is a secret)`;
    default:
      return scalarProblem(type.kind, value);
  }
}

/** One bad parameter, named, with what it expects. */
export type { ParameterProblem };

export type ParamsCheck =
  | { ok: true; params: Record<string, unknown> }
  | { ok: false; problems: ParameterProblem[]; message: string };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `e.g. 4`, or what stands for the example of a secret (it has none). */
function exampleText(p: Parameter): string {
  return p.type.kind === 'secret' ? 'a string, never stored or shown' : `e.g. ${JSON.stringify(p.example)}`;
}

/** How a declared parameter reads in messages: `guests: integer (e.g. 4)`; `password: secret`. */
export function signatureOf(p: Parameter): string {
  if (p.type.kind === 'secret') return `${p.name}${p.optional ? '?' : ''}: secret`;
  const fallback = p.default !== undefined ? ` = ${JSON.stringify(p.default)}` : '';
  return `${p.name}${p.optional ? '?' : ''}: ${p.typeText}${fallback} (e.g. ${JSON.stringify(p.example)})`;
}

/**
 * Checks what a caller passed against the declared parameters: every required one present,
 * each of its type, nothing undeclared. Returns the values with defaults applied.
 */
export function checkParams(playbook: string, declared: readonly Parameter[], given: unknown): ParamsCheck {
  const accepted = declared.length ? declared.map(signatureOf).join('; ') : 'no parameters';
  if (given === undefined || given === null) given = {};
  if (!isPlainObject(given)) {
    const message = `The parameters of ${playbook} must be a JSON object, got ${describeValue(given)}. It takes: ${accepted}.`;
    return { ok: false, problems: [{ parameter: '', expected: 'object', message }], message };
  }
  const problems: ParameterProblem[] = [];
  for (const name of Object.keys(given)) {
    if (!declared.some(p => p.name === name))
      problems.push({ parameter: name, expected: 'nothing (not a parameter)', message: `${name} is not a parameter of ${playbook}` });
  }
  const params: Record<string, unknown> = {};
  for (const p of declared) {
    const value = given[p.name];
    if (value === undefined) {
      if (!p.optional) problems.push({ parameter: p.name, expected: p.typeText, message: `parameter ${p.name} is missing: give ${p.typeText}, ${exampleText(p)}` });
      else if (p.default !== undefined) params[p.name] = structuredClone(p.default);
      continue;
    }
    const wrong = valueProblem(p.type, value);
    if (wrong) problems.push({ parameter: p.name, expected: p.typeText, message: `parameter ${p.name} must be ${p.typeText} (${exampleText(p)}), got ${wrong}` });
    else params[p.name] = value;
  }
  if (problems.length === 0) return { ok: true, params };
  return { ok: false, problems, message: `Bad parameters for ${playbook}: ${problems.map(p => p.message).join('; ')}. It takes: ${accepted}. Nothing was run.` };
}
