// What the contract allows in a submission. Dependency-free: the CLI checks the same limits
// before it sends anything, and the runtime checks them again on arrival.

/**
 * Task names and request ids: 1 to 128 characters of A-Za-z0-9._:-, but not `.` or `..`. A
 * task name is a folder under $TABWRIGHT_HOME/artifacts: `..` would put a task's files in the
 * home itself. One pattern for every check (CLI, MCP, the runtime's schemas and its table).
 */
export const NAME_PATTERN = /^(?!\.{1,2}$)[A-Za-z0-9._:-]{1,128}$/;

/** The rule in words, for every message that refuses a name. */
export const NAME_RULE = '1 to 128 characters of A-Za-z0-9._:- (not . or ..)';

export function invalidName(kind: 'task name' | 'request id', value: unknown): string | undefined {
  if (typeof value === 'string' && NAME_PATTERN.test(value)) return undefined;
  return `Invalid ${kind} ${JSON.stringify(value)}: use ${NAME_RULE}`;
}

/** A program's largest size in UTF-8 bytes (1 MiB). */
export const MAX_PROGRAM_BYTES = 1024 * 1024;

/**
 * The longest timer Node can set (2^31 - 1 ms, about 24.8 days): a longer one fires at once,
 * so every wait and timeout is capped to it.
 */
export const LONGEST_TIMER_MS = 2_147_483_647;

/** A program's inline result, in bytes, when the submission does not say (16 KiB). */
export const DEFAULT_MAX_INLINE = 16 * 1024;

/**
 * The most a submission may ask to keep inline (`--max-inline`), 1 MiB: every receipt is a row
 * in receipts.db, an answer the CLI reads whole and a line in an agent's transcript, so a
 * larger result goes to its file with a preview whatever was asked (a larger ask is capped,
 * as a wait is, not refused).
 */
export const MAX_INLINE = 1024 * 1024;
