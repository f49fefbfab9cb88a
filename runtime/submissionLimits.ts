// What the contract allows in a submission. Dependency-free: the CLI checks the same limits
// before it sends anything, and the runtime checks them again on arrival.

/** Task names and request ids: 1 to 128 characters of A-Za-z0-9._:-. */
export const NAME_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export function invalidName(kind: 'task name' | 'request id', value: unknown): string | undefined {
  if (typeof value === 'string' && NAME_PATTERN.test(value)) return undefined;
  return `Invalid ${kind} ${JSON.stringify(value)}: use 1 to 128 characters of A-Za-z0-9._:-`;
}

/** A program's largest size in UTF-8 bytes (1 MiB). */
export const MAX_PROGRAM_BYTES = 1024 * 1024;
