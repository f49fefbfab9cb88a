// A read of a page raced against a limit: a page whose main thread never yields answers none. The
// failure's reads (failureReads.ts) and the slips' (slips/) go through it.

/** What a read not answered within its limit gives. */
export const LATE = Symbol('late');

/** The read's answer, or LATE past `ms`; a read that fails rejects as it did. */
export async function withinLimit<T>(read: Promise<T>, ms: number): Promise<T | typeof LATE> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof LATE>(resolve => { timer = setTimeout(() => resolve(LATE), ms); });
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The read's answer, or undefined when it failed or took longer than `ms`. */
export async function bounded<T>(read: Promise<T>, ms: number): Promise<T | undefined> {
  const answer = await withinLimit(read.catch(() => undefined), ms);
  return answer === LATE ? undefined : answer;
}
