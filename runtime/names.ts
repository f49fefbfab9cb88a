// Task names and request ids: 1 to 128 characters of A-Za-z0-9._:- (the contract).
export const NAME_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export function invalidName(kind: 'task name' | 'request id', value: unknown): string | undefined {
  if (typeof value === 'string' && NAME_PATTERN.test(value)) return undefined;
  return `Invalid ${kind} ${JSON.stringify(value)}: use 1 to 128 characters of A-Za-z0-9._:-`;
}
