// Playwright's error text, split for a model: `message` keeps the first line and what the
// structured fields (call, blockedBy, waitingFor, matches, expected/received) do not already
// say; `log` keeps the whole call log, cut in the middle, for `--verbose` and `receipt`.
// A timed-out click repeats "waiting for element to be visible..." and "retrying click action"
// dozens of times (~1.8 KB): none of that is news once blockedBy and waitingFor are there.
import { cutMiddle } from '../effects/consoleCapture.js';

export const MAX_ERROR_MESSAGE = 1000;
export const MAX_ERROR_LOG = 4000;

/** Call-log lines the structured fields already carry, or that only say Playwright retried. */
const SAID_ELSEWHERE: readonly RegExp[] = [
  /^(?:\d+ × )?waiting for /,                 // error.waitingFor
  / intercepts pointer events$/,             // error.blockedBy
  /^retrying [a-z ]+ action$/,
  /^waiting \d+ms$/,
  /^attempting [a-z ]+ action$/,
  /^element is visible, enabled and stable$/,
  /^scrolling into view if needed$/,
  /^done scrolling$/,
  /^performing [a-z ]+ action$/,
  /^(?:Expect|expect) "[^"]+"(?: .+)? with timeout \d+ms$/, // the call and timeoutMs
  /^\d+\) .+ aka .+$/,                          // error.matches
  /^Locator: /,                                  // error.waitingFor
  /^Timeout: +\d+ms$/,                           // error.timeoutMs
  /^(?:\d+ × )?unexpected value /,               // error.received
  /^(?:\d+ × )?locator resolved to <html\b/,      // a page assertion's page: says nothing
  /^\.\.\.$/,
];

/**
 * A received value printed over several lines (an element's text with its layout's white space,
 * `Received string: "···\n   Infinity···\n"`) is one value: on one line, white space collapsed
 * (Playwright's · marks a space), so it neither spills into the message as lines of its own nor
 * costs its indentation.
 */
function oneLineValues(text: string): string {
  return text.replace(/((?:unexpected value|Received(?: string)?:) *)"([^"]*\n[^"]*)"/g,
    (_m, head: string, value: string) => `${head}"${value.replace(/[\s\u00b7]+/g, ' ').trim()}"`);
}

export interface SplitMessage { message: string; log?: string }

/**
 * `hasMatches`, `hasExpectation`: the strict-mode list and Expected/Received lines are in fields
 * of their own, so the message leaves them out.
 */
export function splitMessage(full: string, fields: { hasMatches: boolean; hasExpectation: boolean }): SplitMessage {
  const lines = oneLineValues(full).split('\n');
  const first = lines[0] ?? '';
  // Not Playwright's shape (a program's own multi-line message): its text is the program's to say.
  const playwrights = lines.some(line => line.trim() === 'Call log:') || fields.hasMatches || fields.hasExpectation;
  if (!playwrights) return { message: cutMiddle(full, MAX_ERROR_LOG) };
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const raw of lines.slice(1)) {
    const line = raw.trim().replace(/^- /, '');
    if (line === '' || line === 'Call log:') continue;
    if (fields.hasExpectation && /^(?:Expected|Received)(?: string| pattern| value)?: /.test(line)) continue;
    if (fields.hasMatches && /^\d+\) /.test(line)) continue;
    if (SAID_ELSEWHERE.some(pattern => pattern.test(line))) continue;
    if (seen.has(line)) continue;
    seen.add(line);
    kept.push(line);
  }
  const message = kept.length ? `${first}\n${kept.map(line => `- ${line}`).join('\n')}` : first;
  return { message: cutMiddle(message, MAX_ERROR_MESSAGE), log: cutMiddle(full, MAX_ERROR_LOG) };
}
