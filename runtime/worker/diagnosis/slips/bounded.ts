// The slips' reads of a page after (or around) a program's call: a page whose main thread never
// yields answers none, so each is raced against a limit and counts as unanswered past it.

/** The read's answer, or undefined when it failed or took longer than `ms`. */
export async function bounded<T>(read: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>(resolve => { timer = setTimeout(() => resolve(undefined), ms); });
  try {
    return await Promise.race([read.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}
