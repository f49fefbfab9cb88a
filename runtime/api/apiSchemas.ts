// The JSON schemas of the API's routes (the Unix-socket API, the playbook routes, the live
// view's JSON routes): fastify checks a request against them before its handler runs, with
// its usual coercion (a query's "5" is the number 5). The requests themselves are defined once
// in contract/requestSchemas.ts (TypeBox: the MCP server's tools carry the same schemas); the
// routes here add their paths and queries. A request that fails is refused as a UsageError in
// the API's error shape, worded by `validationRefusal` with the contract's wording
// (contract/requestFields.ts, the CLI's and the MCP server's too): which field, what was
// wrong with it, what to send instead.
import type { FastifyRequest } from 'fastify';
import { Refusal } from '../../contract/errors.js';
import { LONGEST_TIMER_MS } from '../../contract/submissionLimits.js';
import { AdoptRequest, PlaybookRunRequest, PlaybookSaveRequest, ProgramRequest, ReceiptParams, Seconds, TaskName, TaskParams } from '../../contract/requestSchemas.js';
import { failedField, fieldProblem } from '../../contract/requestFields.js';
import Type from 'typebox';
import { RECEIPT_VIEW_MODES, type ReceiptViewMode } from '../receipts/receiptView.js';
import { MAX_EVENTS_PER_REQUEST, PERSON_INPUT_SCHEMA } from '../view/personInput.js';

/**
 * The Ajv options fastify compiles these schemas with (its `ajv` option): its defaults, but no
 * check of each schema against JSON Schema's meta-schema as it compiles. That check compiles the
 * meta-schema itself first (~30 ms of CPU in a fresh process), which the API's first request
 * would pay on a cold start's path (lazyValidators.ts); these schemas are this file's own, and
 * unit-api-schemas checks each against the meta-schema instead. A request is checked exactly
 * as before.
 */
export const API_SCHEMA_COMPILER = { customOptions: { validateSchema: false } } as const;

/** How long one answer may be held open; a caller that wants longer asks again. */
export const MAX_WAIT_S = 3600;
/** A program's longest timeout: the longest timer Node can set. */
export const MAX_TIMER_S = Math.floor(LONGEST_TIMER_MS / 1000);

/** Seconds asked for, or the default, capped: a longer wait or timeout is not an error, it is capped. */
export function cappedSeconds(value: number | undefined, fallback: number, max: number): number {
  return Math.min(value ?? fallback, max);
}

const name = TaskName;
const seconds = Seconds;

const taskParams = TaskParams;
const receiptParams = ReceiptParams;
/** How long to hold the answer open for a final receipt, and in which view. */
const answerQuery = Type.Object({ wait: Type.Optional(Seconds), view: Type.Optional(Type.Unsafe<ReceiptViewMode>({ type: 'string', enum: [...RECEIPT_VIEW_MODES] })) });

export const PROGRAM_ROUTE = {
  params: taskParams,
  querystring: answerQuery,
  // An empty program is refused by programs/submission.ts, with what to send instead.
  body: ProgramRequest,
} as const;

export const RECEIPT_ROUTE = { params: receiptParams, querystring: answerQuery } as const;
export const PROGRESS_ROUTE = { params: receiptParams, querystring: { type: 'object', properties: { wait: seconds } } } as const;
export const RECEIPT_LIST_ROUTE = {
  params: taskParams,
  querystring: { type: 'object', properties: { limit: { type: 'integer', minimum: 1 } } },
} as const;
export const TASK_ROUTE = { params: taskParams } as const;
export const PAGES_ROUTE = {
  querystring: { type: 'object', properties: { task: name, all: { type: 'string', enum: ['1', 'true', '0', 'false'] } } },
} as const;
export const ADOPT_ROUTE = {
  params: taskParams,
  body: AdoptRequest,
} as const;

export const PLAYBOOK_SAVE_ROUTE = { body: PlaybookSaveRequest } as const;
export const PLAYBOOK_LIST_ROUTE = {
  querystring: { type: 'object', properties: { site: { type: 'string' }, source: { type: 'string', enum: ['1'] } } },
} as const;
export const PLAYBOOK_RUN_ROUTE = {
  params: { type: 'object', required: ['task', 'name'], properties: { task: name, name: { type: 'string' } } },
  querystring: answerQuery,
  body: PlaybookRunRequest,
} as const;

export const VIEW_RECEIPT_LIST_ROUTE = RECEIPT_LIST_ROUTE;
export const VIEW_RECEIPT_ROUTE = { params: receiptParams } as const;
export const VIEW_FILE_ROUTE = {
  params: { type: 'object', required: ['task', 'requestId', 'index'], properties: { task: name, requestId: name, index: { type: 'integer', minimum: 0 } } },
} as const;

export const VIEW_ROUTE = { body: { type: 'object', additionalProperties: false, properties: { task: name, once: { type: 'boolean' } } } } as const;
/** The view's session exchange: the token or a one-time code, from the fragment of the view's link. */
export const VIEW_SESSION_ROUTE = {
  body: {
    type: 'object', additionalProperties: false, minProperties: 1, maxProperties: 1,
    properties: { token: { type: 'string', maxLength: 100 }, code: { type: 'string', maxLength: 100 } },
  },
} as const;
export const EVENTS_ROUTE = { querystring: { type: 'object', properties: { frames: { type: 'string', enum: ['0', '1'] } } } } as const;
export const HANDOFF_INPUT_ROUTE = {
  params: taskParams,
  body: {
    type: 'object', required: ['key', 'page', 'events'], additionalProperties: false,
    properties: { key: { type: 'string', maxLength: 64 }, page: { type: 'integer' }, events: { type: 'array', minItems: 1, maxItems: MAX_EVENTS_PER_REQUEST, items: PERSON_INPUT_SCHEMA } },
  },
} as const;
export const HANDOFF_END_ROUTE = {
  params: taskParams,
  body: {
    type: 'object', required: ['key', 'ended'], additionalProperties: false,
    properties: { key: { type: 'string', maxLength: 64 }, ended: { type: 'string', enum: ['done', 'declined'] }, note: { type: 'string', maxLength: 1000 } },
  },
} as const;
/** The hand-over's key, as the view's task list gives it. */
const handoffKey = { type: 'string', maxLength: 64 } as const;
/** A recording's step: remove it, or rename its parameter. */
export const HANDOFF_RECORD_EDIT_ROUTE = {
  params: taskParams,
  body: {
    type: 'object', required: ['key', 'step'], additionalProperties: false,
    properties: { key: handoffKey, step: { type: 'integer', minimum: 1 }, remove: { type: 'boolean', const: true }, name: { type: 'string', minLength: 1, maxLength: 60 } },
  },
} as const;
export const HANDOFF_RECORD_PROPOSAL_ROUTE = {
  params: taskParams,
  body: { type: 'object', required: ['key'], additionalProperties: false, properties: { key: handoffKey } },
} as const;
export const HANDOFF_RECORD_SAVE_ROUTE = {
  params: taskParams,
  body: {
    type: 'object', required: ['key', 'check', 'description'], additionalProperties: false,
    properties: { key: handoffKey, check: { type: 'string', minLength: 1, maxLength: 4000 }, description: { type: 'string', minLength: 1, maxLength: 500 } },
  },
} as const;
/** Files the person gives a page's file chooser: at most 20, base64, 32 MiB in all (the route's body limit). */
export const HANDOFF_FILES_ROUTE = {
  params: taskParams,
  body: {
    type: 'object', required: ['key', 'files'], additionalProperties: false,
    properties: {
      key: handoffKey,
      files: { type: 'array', maxItems: 20, items: { type: 'object', required: ['name', 'data'], additionalProperties: false, properties: { name: { type: 'string', minLength: 1, maxLength: 255 }, data: { type: 'string' } } } },
    },
  },
} as const;
/** The person's answer to the dialog a handed-over page shows. */
export const HANDOFF_DIALOG_ROUTE = {
  params: taskParams,
  body: {
    type: 'object', required: ['key', 'accept'], additionalProperties: false,
    properties: { key: handoffKey, accept: { type: 'boolean' }, promptText: { type: 'string', maxLength: 10_000 } },
  },
} as const;
/** "Record a playbook" on a task's page, from the view. */
export const RECORD_START_ROUTE = {
  params: taskParams,
  body: {
    type: 'object', required: ['page', 'name'], additionalProperties: false,
    properties: { page: { type: 'integer', minimum: 1 }, name: { type: 'string', minLength: 1, maxLength: 100 }, reason: { type: 'string', maxLength: 500 } },
  },
} as const;

/** What to send instead, for the fields a caller may get wrong. */
const FIELD_ADVICE: Record<string, string> = {
  wait: 'give seconds as a number ≥ 0 (a longer wait than an hour is capped; ask again)',
  timeoutS: 'give seconds as a number ≥ 0',
  view: `use one of ${RECEIPT_VIEW_MODES.join(', ')}`,
  page: 'give a tab id from `tabwright pages`',
  maxInline: 'give a number of bytes ≥ 0',
  limit: 'give a whole number ≥ 1',
  all: 'use all=1',
  program: 'send the program\'s source as a string',
  isolated: 'use true or false',
  trace: 'use true or false',
  har: 'use true or false',
  index: 'give the file\'s place in the receipt\'s artifacts (0, 1, ...)',
  events: `send 1 to ${MAX_EVENTS_PER_REQUEST} input events, each {type: mouse|wheel|key|text, ...} with x and y as fractions (0 to 1) of the page's picture`,
  key: 'send the hand-over\'s key from the view\'s task list',
  ended: 'use done or declined',
  step: 'give a step\'s id from the recording\'s steps',
  remove: 'use true',
  name: 'give a name: a playbook\'s site.action, or a parameter\'s identifier',
  check: 'give the final check as code: an awaited expect',
  description: 'say in a sentence what the playbook does',
  files: 'send up to 20 files, each {name, data: base64}',
  reason: 'say in a sentence what the person will show',
  accept: 'use true (OK) or false (Cancel)',
  promptText: 'send the text the page\'s prompt asks for',
};

interface ValidationFailure { validation: { instancePath: string; keyword: string; params: Record<string, unknown>; message?: string }[]; validationContext?: string }

function isValidationFailure(error: unknown): error is ValidationFailure {
  return typeof error === 'object' && error !== null && Array.isArray((error as { validation?: unknown }).validation);
}

/**
 * A request that failed its route's schema, as the API's UsageError; undefined for any other
 * error. Task names and request ids are worded as everywhere else (invalidName).
 */
export function validationRefusal(error: unknown, req: FastifyRequest): Refusal | undefined {
  if (!isValidationFailure(error) || error.validation.length === 0) return undefined;
  const failure = error.validation[0]!;
  const where = error.validationContext ?? 'request';
  const field = failedField(failure);
  const part: unknown = where === 'body' ? req.body : where === 'querystring' ? req.query : where === 'params' ? req.params : undefined;
  // A nested field (events.0.x) is found by walking its path.
  const value = field ? field.split('.').reduce<unknown>((at, step) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[step] : undefined), part) : undefined;
  if (failure.keyword !== 'required') {
    // The contract's own wording, as the CLI and the MCP server give it for the same field.
    const problem = fieldProblem(field, field, value);
    if (problem) return new Refusal('UsageError', 'invalid', problem.message, { field: problem.field, in: where });
  }
  const what = failure.keyword === 'required'
    ? `The ${where} has no ${field}`
    : `Invalid ${field || where} ${JSON.stringify(value ?? null)} in the ${where}: it ${failure.message ?? 'is not allowed'}`;
  const advice = FIELD_ADVICE[field] ?? FIELD_ADVICE[field.split('.')[0]!] ?? 'see runtime/API.md for what this route takes';
  return new Refusal('UsageError', 'invalid', `${what}; ${advice}.`, { field, in: where });
}
