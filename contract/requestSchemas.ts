// Each request the runtime takes, defined once as a TypeBox schema: JSON Schema that fastify
// checks before a route runs (runtime/api/apiSchemas.ts, with its TypeBox type provider), that the
// MCP server's tools carry as inputSchema and check their input with (mcp/), and, by Static,
// the TypeScript type every side is written against (contract/api.ts). Built from the limits in
// submissionLimits.ts, which the CLI checks its flags against (it imports no package, so it
// never imports this module: it shares the limits and requestFields.ts's wording instead).
import Type, { type Static } from 'typebox';
import { NAME_PATTERN } from './submissionLimits.js';

export const TaskName = Type.String({ pattern: NAME_PATTERN.source });
export const RequestId = Type.String({ pattern: NAME_PATTERN.source });
/** A wait or a timeout: seconds, capped where it is used (a longer one is not an error). */
export const Seconds = Type.Number({ minimum: 0 });
/** A tab id as `tabwright pages` shows it. */
export const PageId = Type.Integer({ minimum: 0 });
/** A program's source; its size in bytes and its emptiness are checked apart (JSON Schema counts characters). */
export const ProgramSource = Type.String();

const submission = {
  requestId: RequestId,
  timeoutS: Type.Optional(Seconds),
  page: Type.Optional(PageId),
  isolated: Type.Optional(Type.Boolean()),
  maxInline: Type.Optional(Type.Integer({ minimum: 0 })),
};

/** POST /v1/tasks/:task/programs?wait=S */
export const ProgramRequest = Type.Object({
  ...submission,
  program: ProgramSource,
  /** A Playwright trace of the program (`run --trace`), a file in the receipt's artifacts. */
  trace: Type.Optional(Type.Boolean()),
  /**
   * A HAR of the program's requests (`run --har`), a file in the receipt's artifacts.
   */
  har: Type.Optional(Type.Boolean()),
  /**
   * Keep the credentials in the trace's and the HAR's requests (`run --keep-secrets`): else
   * Cookie, Set-Cookie, Authorization, Proxy-Authorization headers, cookie values and form bodies
   * are redacted.
   */
  keepSecrets: Type.Optional(Type.Boolean()),
  /**
   * Close the task once this program's receipt is final (`run --close`): its tabs close and its
   * worker stops, as `tabwright close` does, so a job's last step needs no call of its own. The
   * answer of a program final within `wait` comes after the task is closed.
   */
  close: Type.Optional(Type.Boolean()),
});
export type ProgramRequest = Static<typeof ProgramRequest>;

/** POST /v1/tasks/:task/playbooks/:name?wait=S; `params` is checked against the playbook's own @param types. */
export const PlaybookRunRequest = Type.Object({ ...submission, params: Type.Optional(Type.Unknown()) });
export type PlaybookRunRequest = Static<typeof PlaybookRunRequest>;

/** POST /v1/tasks/:task/adopt */
export const AdoptRequest = Type.Object({ page: PageId });
export type AdoptRequest = Static<typeof AdoptRequest>;

/** POST /v1/playbooks: one file (save) or a directory's files (import), all saved or none. */
export const PlaybookSaveRequest = Type.Object({
  playbooks: Type.Array(Type.Object({ source: Type.String(), origin: Type.Optional(Type.String()) }), { minItems: 1 }),
});
export type PlaybookSaveRequest = Static<typeof PlaybookSaveRequest>;

/** The path parameters naming a task, and a receipt of it. */
export const TaskParams = Type.Object({ task: TaskName });
export const ReceiptParams = Type.Object({ task: TaskName, requestId: RequestId });
