// What each field of a request is, and how a bad value of it is worded: one table and one
// wording for the three front doors (the API's schema check, the MCP server's tool input, the
// CLI's flags), so that the same bad request names the same field and says the same thing
// wherever it comes in. The schemas themselves are contract/requestSchemas.ts; this module is
// dependency-free because the CLI loads it.
import { invalidName } from './submissionLimits.js';

/** What kind of value a field holds: each kind has one wording of what to send instead. */
export type FieldKind = 'taskName' | 'requestId' | 'seconds' | 'pageId' | 'bytes' | 'count' | 'flag' | 'program';

/**
 * Every request field by its contract name, and the names the MCP tools give the same fields
 * (timeoutSeconds, waitSeconds) and the CLI's flags (--timeout, --wait, --max-inline, ...).
 */
export const FIELD_KINDS: Readonly<Record<string, FieldKind>> = {
  task: 'taskName',
  requestId: 'requestId',
  timeoutS: 'seconds',
  timeoutSeconds: 'seconds',
  timeout: 'seconds',
  wait: 'seconds',
  waitSeconds: 'seconds',
  page: 'pageId',
  maxInline: 'bytes',
  'max-inline': 'bytes',
  limit: 'count',
  isolated: 'flag',
  verbose: 'flag',
  trace: 'flag',
  har: 'flag',
  keepSecrets: 'flag',
  'keep-secrets': 'flag',
  all: 'flag',
  program: 'program',
};

/** The contract's name of a field however a front door spells it (`--request-id`, `timeoutSeconds`). */
export const CONTRACT_FIELD: Readonly<Record<string, string>> = {
  'request-id': 'requestId', timeout: 'timeoutS', timeoutSeconds: 'timeoutS', waitSeconds: 'wait', 'max-inline': 'maxInline', 'keep-secrets': 'keepSecrets',
};

export interface FieldProblem {
  /** The error's name: what the CLI and the MCP server call it (the API answers UsageError). */
  name: 'InvalidTaskName' | 'InvalidRequestId' | 'InvalidNumber' | 'InvalidArgument';
  /** The field, by its contract name. */
  field: string;
  message: string;
}

/**
 * A bad value of `field`, worded for the caller: `label` is the field as the caller wrote it
 * (`--wait`, `waitSeconds`, `wait`). Undefined for a field this table does not know.
 */
export function fieldProblem(field: string, label: string, value: unknown): FieldProblem | undefined {
  const kind = FIELD_KINDS[field];
  const contractField = CONTRACT_FIELD[field] ?? field;
  const shown = JSON.stringify(value) ?? String(value);
  switch (kind) {
    case 'taskName':
      return { name: 'InvalidTaskName', field: contractField, message: `${invalidName('task name', value) ?? `Invalid task name ${shown}`} (e.g. checkout-flow).` };
    case 'requestId':
      return { name: 'InvalidRequestId', field: contractField, message: `${invalidName('request id', value) ?? `Invalid request id ${shown}`} (e.g. inspect-01).` };
    case 'seconds':
      return { name: 'InvalidNumber', field: contractField, message: `${label} ${shown} is not a number of seconds: give a non-negative number such as 30 or 0.5.` };
    case 'pageId':
      return { name: 'InvalidNumber', field: contractField, message: `${label} ${shown} is not a page id: give a non-negative integer (a tab id from \`tabwright pages\`).` };
    case 'bytes':
      return { name: 'InvalidNumber', field: contractField, message: `${label} ${shown} is not valid: give a non-negative integer (bytes).` };
    case 'count':
      return { name: 'InvalidNumber', field: contractField, message: `${label} ${shown} is not valid: give an integer of at least 1.` };
    case 'flag':
      return { name: 'InvalidArgument', field: contractField, message: `${label} must be true or false.` };
    case 'program':
      return { name: 'InvalidArgument', field: contractField, message: `${label} must be a string: the body of an async function.` };
    default:
      return undefined;
  }
}

/** One failed check of a JSON schema, as ajv (fastify) and TypeBox's Compile both report it. */
export interface SchemaFailure {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** The field a schema failure is about: the missing one, or the one at its path (`events.0.x`). */
export function failedField(failure: SchemaFailure): string {
  // ajv names one (missingProperty, additionalProperty), TypeBox a list (requiredProperties, additionalProperties).
  const first = (value: unknown): string => String(Array.isArray(value) ? value[0] ?? '' : value ?? '');
  if (failure.keyword === 'required') return first(failure.params.missingProperty ?? failure.params.requiredProperties);
  if (failure.keyword === 'additionalProperties') return first(failure.params.additionalProperty ?? failure.params.additionalProperties);
  return failure.instancePath.split('/').filter(Boolean).join('.');
}
