// A thrown value as the receipt's `error`: name, message, and what Playwright reported,
// pulled out into fields before the message is cut, so the failing call, the element that
// intercepts pointer events and the strict-mode matches survive however long the text is.
import type { ReceiptError, StrictMatch } from '../../../contract/receipt.js';
import { cutMiddle } from '../effects/consoleCapture.js';
import { splitMessage } from './errorMessage.js';
import { coverOf } from '../playwrightInternals/coveredTarget.js';
import { PAGE_HELD_BY_PERSON } from '../../../contract/errors.js';
import { diagnosisOf, type Diagnosis } from './failureDiagnosis.js';
import type { WaitingCall } from './waitingCalls.js';
import type { TextFilterMiss } from './textFilter.js';
import { joinedTextHint } from './joinedText.js';
import { messageHints, unknownRoleHint, xpathHint } from './messageHints.js';
import type { Caught } from './caughtErrors.js';

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/** `locator.click: ...` → `locator.click`; `expect(locator).toHaveText(expected) failed` → `expect(locator).toHaveText`. */
function failingCall(message: string): string | undefined {
  const api = /^([a-z][A-Za-z]*(?:\.[a-z][A-Za-z]*)+): /.exec(message);
  if (api) return api[1];
  const expectation = /(expect(?:\.soft|\.poll)?\([A-Za-z]*\)(?:\.not)?\.[A-Za-z]+)\(/.exec(message);
  return expectation?.[1];
}

/** The last element Playwright's call log says intercepts pointer events. */
function blockingElement(message: string): string | undefined {
  let last: string | undefined;
  for (const match of message.matchAll(/^\s*-\s+(.+?) intercepts pointer events\s*$/gm)) last = match[1];
  return last;
}

/** What a timeout waited for: the locator it resolved, and the last state it waited for. */
function waitedFor(message: string): { timeoutMs?: number; waitingFor?: string } {
  const timeout = /Timeout (\d+)ms exceeded|Timed out (\d+)ms|^Timeout: +(\d+)ms$/m.exec(message);
  if (!timeout) return {};
  const waits = [...message.matchAll(/^\s*(?:-\s+|\d+ × )waiting for (.+?)\s*$/gm)].map(m => m[1]);
  const first = waits[0];
  const last = waits[waits.length - 1];
  const parts = [first, last !== first ? last : undefined].filter((w): w is string => w !== undefined);
  const event = /exceeded while waiting for (event "[^"]+")/.exec(message)?.[1];
  if (event) parts.unshift(event);
  return {
    timeoutMs: Number(timeout[1] ?? timeout[2] ?? timeout[3]),
    ...(parts.length ? { waitingFor: cutMiddle(parts.join('; then '), 600) } : {}),
  };
}

/** Implicit ARIA roles of the elements a preview most often shows. */
function implicitRole(preview: string): string | undefined {
  const tag = /^<([a-zA-Z0-9-]+)/.exec(preview)?.[1]?.toLowerCase();
  if (!tag) return undefined;
  const explicit = /\srole="([^"]+)"/.exec(preview)?.[1];
  if (explicit) return explicit;
  const type = /\stype="([^"]+)"/.exec(preview)?.[1]?.toLowerCase();
  switch (tag) {
    case 'button': return 'button';
    case 'a': return /\shref=/.test(preview) ? 'link' : undefined;
    case 'select': return /\smultiple/.test(preview) ? 'listbox' : 'combobox';
    case 'textarea': return 'textbox';
    case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
    case 'img': return 'img';
    case 'li': return 'listitem';
    case 'input':
      switch (type ?? 'text') {
        case 'checkbox': return 'checkbox';
        case 'radio': return 'radio';
        case 'button': case 'submit': case 'reset': case 'image': return 'button';
        case 'range': return 'slider';
        case 'number': return 'spinbutton';
        case 'search': return 'searchbox';
        case 'text': case 'email': case 'tel': case 'url': case 'password': return 'textbox';
        default: return undefined;
      }
    default: return undefined;
  }
}

/** A JS string literal as Playwright prints it in a locator ('...' or "..."), unquoted. */
function unquote(literal: string): string {
  const quote = literal[0];
  return literal.slice(1, -1).replace(new RegExp(`\\\\${quote}`, 'g'), quote).replace(/\\\\/g, '\\');
}

/**
 * The matches a strict-mode violation lists:
 *   1) <button>Save</button> aka getByRole('button', { name: 'Save' }).first()
 * Each gets its role and accessible name (from the locator when it is a getByRole, else from
 * the element), and a locator that picks exactly that element.
 */
export function strictMatches(message: string): { locator: string; count: number; matches: StrictMatch[]; more: boolean } | undefined {
  const head = /strict mode violation: (.+) resolved to (\d+) elements:/.exec(message);
  if (!head) return undefined;
  const original = head[1];
  const lines = [...message.matchAll(/^\s*(\d+)\) (.+?) aka (.+?)\s*$/gm)];
  const seen = new Map<string, number>();
  for (const line of lines) seen.set(line[3], (seen.get(line[3]) ?? 0) + 1);
  const matches: StrictMatch[] = lines.map(line => {
    const index = Number(line[1]) - 1;
    const preview = line[2];
    const aka = line[3];
    // The element's own role is the last getByRole of the chain, when only a position follows it.
    const byRole = /getByRole\((['"])([a-z]+)\1(?:, \{[^}]*?name: ((['"])(?:\\.|(?!\4).)*\4|\/.*?\/[a-z]*)[^}]*\})?\)(?:\.first\(\)|\.last\(\)|\.nth\(\d+\))?$/.exec(aka);
    const role = byRole?.[2] ?? implicitRole(preview);
    const rawName = byRole?.[3];
    const name = rawName === undefined ? textOf(preview) : rawName.startsWith('/') ? rawName : unquote(rawName);
    // Two matches with the same locator: pick by position in the original query instead.
    const locator = (seen.get(aka) ?? 0) > 1 ? `${original}.nth(${index})` : aka;
    return {
      ...(role ? { role } : {}),
      ...(name ? { name } : {}),
      element: preview,
      locator,
    };
  });
  return { locator: original, count: Number(head[2]), matches, more: /^\s*\.\.\.\s*$/m.test(message) };
}

/** The text an element preview shows (`<button>Save</button>` → Save). */
function textOf(preview: string): string | undefined {
  const text = />([^<]*)</.exec(preview)?.[1]?.trim();
  if (text && text !== '\u2026') return text;
  const label = /\saria-label="([^"]*)"/.exec(preview)?.[1] ?? /\s(?:title|alt|placeholder|value)="([^"]*)"/.exec(preview)?.[1];
  return label || undefined;
}

/** Where in the program a stack was (its first frame in program.js, as the worker compiles it); undefined outside it. */
export function programPosition(stack: string | undefined): { line: number; column: number } | undefined {
  const at = /program\.js:(\d+):(\d+)/.exec(stack ?? '');
  return at ? { line: Number(at[1]), column: Number(at[2]) } : undefined;
}

/** Reports a thrown value; `hints` receives one line per thing to do next. */
export function reportError(thrown: unknown, hints: string[] = []): ReceiptError {
  if (!(thrown instanceof Error)) {
    const text = typeof thrown === 'string' ? thrown : safeString(thrown);
    return { name: 'Error', ...splitMessage(stripAnsi(text), { hasMatches: false, hasExpectation: false }) };
  }
  const full = stripAnsi(String(thrown.message ?? ''));
  const report: ReceiptError = { name: thrown.name || 'Error', message: '' };
  const call = failingCall(full);
  if (call) report.call = call;
  const cover = coverOf(thrown);
  const blockedBy = blockingElement(full) ?? cover?.preview;
  if (blockedBy) report.blockedBy = blockedBy;
  const strict = strictMatches(full);
  if (strict) {
    report.name = 'StrictModeError';
    report.matches = strict.matches;
    report.matchCount = strict.count;
    hints.push(`The locator ${strict.locator} matched ${strict.count} elements, so nothing was done: tighten it (exact: true, a role, a scoped parent such as page.getByRole('dialog').getByRole(...)) or use one of error.matches[].locator.`);
  }
  // The worker's guard throws it by name; the router's refusal (any other path to the page) says it in its text.
  if (report.name === PAGE_HELD_BY_PERSON || full.includes(`Refused by tabwright: ${PAGE_HELD_BY_PERSON}:`)) {
    report.name = PAGE_HELD_BY_PERSON;
    hints.push('A person was working on the page (handoff()), so the program\'s own input was refused: await handoff() before acting on the page.');
  }
  Object.assign(report, waitedFor(full));
  const diagnosis = strict ? undefined : diagnosisOf(thrown);
  if (blockedBy && cover?.gap)
    hints.push(`The centre of the target's box is a gap between its parts: the point falls through to ${cutMiddle(blockedBy, 120)}, which holds the target. A group of shapes (an SVG <g>) or a row with space between its parts takes no pointer there: act on one of its parts, e.g. locator.locator('rect, path, circle').first(), or pass a position inside a part: hover({ position: { x, y } }).`);
  else if (blockedBy && cover?.copy)
    hints.push(`${cutMiddle(blockedBy, 200)} covers the target and shows its text: a copy drawn over it (a grid's frozen column, a sticky header). Act on the copy a person sees: the same locator's .last() (a copy comes later in the page) or its ref in error.view.`);
  else if (blockedBy && cover?.popup)
    hints.push(`${cutMiddle(blockedBy, 200)} covers the target: part of another control's popup left open (a list, menu or calendar). Close it first (click its toggle again or a plain part of the page outside it; Escape where it listens), then click: a click waits until nothing covers its target. Do not wait for the list to be hidden: one hidden by opacity still counts as visible to expect().`);
  else if (blockedBy && cover?.sameControl)
    hints.push(`${cutMiddle(blockedBy, 200)} covers the target and is part of the same control (a placeholder, a label or a styled display drawn over it): click what a person sees instead, that element or the control's wrapper.`);
  else if (blockedBy)
    hints.push(`${cutMiddle(blockedBy, 200)} covers the target and would receive the click: close it or wait for it to go (e.g. await expect(overlay).toBeHidden()), then click again; click({force: true}) would hit the overlay, not the target.`);
  else if (diagnosis) diagnosed(report, diagnosis, hints);
  else if (report.name === 'TimeoutError' && /waiting until "load"/.test(full))
    // The document may well have come: a large script, a slow image or font, or a busy machine holds back only the load event.
    hints.push(`${call ?? 'goto'} waited ${report.timeoutMs ?? ''} ms for the load event (every script, image and font), which a heavy page or a busy machine can hold back after its document arrived. Pass { waitUntil: 'domcontentloaded' } and expect the element you need instead; the page may already be there (page.url(), observe()).`);
  else if (report.timeoutMs !== undefined && report.name === 'TimeoutError' && call)
    hints.push(`${call} gave up after ${report.timeoutMs} ms; error.waitingFor says what never happened. ${LOOK_AGAIN.timeout}.`);
  // Assertion details from @playwright/test's expect.
  const matcher = (thrown as { matcherResult?: { expected?: unknown; actual?: unknown; pass?: boolean } }).matcherResult;
  if (matcher && typeof matcher === 'object') {
    if (report.name === 'Error') report.name = 'ExpectError';
    if (matcher.expected !== undefined) report.expected = cutMiddle(expectedText(matcher.expected), 500);
    if (matcher.actual !== undefined) report.received = cutMiddle(receivedText(matcher.actual), 500);
    const joined = joinedTextHint(call, matcher.expected, matcher.actual);
    if (joined) hints.push(joined);
  }
  const { message, log } = splitMessage(full, { hasMatches: report.matches !== undefined, hasExpectation: report.expected !== undefined || report.received !== undefined });
  report.message = message;
  if (log !== undefined) report.log = log;
  const position = programPosition(thrown.stack);
  if (position) {
    report.line = position.line;
    report.column = position.column;
  }
  if (call === 'locator.dragTo') hints.push(DRAG_LEFT_DOWN);
  hints.push(...messageHints(thrown, full));
  // Fields the program put on its own error (e.g. { code: 'E_NO_STOCK' }) travel along.
  for (const [key, value] of Object.entries(thrown)) {
    if (key in report || key === 'matcherResult' || key === 'log') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      (report as unknown as Record<string, unknown>)[key] = typeof value === 'string' ? cutMiddle(value, 500) : value;
  }
  return report;
}

/**
 * What the page has instead (diagnosis/): `matchCount: 0` and the locators that do match, or
 * the visible elements that carry the text an expect wanted; said once in a hint.
 */
function diagnosed(report: ReceiptError, diagnosis: Diagnosis, hints: string[]): void {
  const locator = report.waitingFor?.split('; then ')[0] ?? 'the locator';
  if (diagnosis.matchCount !== undefined) report.matchCount = diagnosis.matchCount;
  if (diagnosis.candidates?.length) report.candidates = diagnosis.candidates;
  const shown = diagnosis.candidates?.slice(0, 3).join(', ');
  const has = shown ? `the page has ${shown}: use one of error.candidates (each relative to the page or frame the locator searched)` : '';
  if (diagnosis.unseen)
    hints.push(`${locator} is still in the page and Playwright counts it visible, but a person does not see it (${diagnosis.unseen}): a library that closes a dialog or popup so keeps it there. Expect the outcome of closing it instead (the status it left, the row gone).`);
  else if (diagnosis.pickedHidden) {
    const { pick, from, matches, visible } = diagnosis.pickedHidden;
    hints.push(`${pick} picked a hidden element: ${from} matches ${matches}, ${visible} of them visible (a hidden copy: a closed menu, a template, another breakpoint's layout). Pick among those a person sees: ${diagnosis.candidates?.[0]} (error.candidates[0]).`);
  } else if (diagnosis.shownCopy)
    hints.push(`${locator} found its element, but it is hidden: a copy kept for screen readers (a styled list draws the one a person clicks apart, with no role), while a person sees the same text in another element: ${diagnosis.candidates?.[0]} (error.candidates[0]). Act on that one.`);
  else if (diagnosis.unable)
    hints.push(`${locator} found its element, but it stayed ${diagnosis.unable === 'hidden' ? 'hidden (zero size or not displayed): something shows it first (a button or toggle beside it, a collapsed panel, a menu); observe() and open that' : diagnosis.unable === 'disabled' ? 'disabled: the page enables it once something else is done (another field, a choice, a save in flight)' : 'read-only: a widget sets it (a picker, a styled select); use the widget as a person does'}.`);
  else if (diagnosis.readyNow)
    hints.push(`${locator} matches one element now, visible and able to take the call, but did not${report.timeoutMs !== undefined ? ` within ${report.timeoutMs} ms` : ''}: the page drew it late, or its main thread was too busy to answer (a large grid or list being drawn, a busy machine). The locator is right: call it again, after waiting on the page's own sign that it is ready (await expect(locator).toBeVisible() with a longer timeout, or the response that fills it).`);
  else if (diagnosis.absentScope)
    hints.push(`${locator} matched no element: nothing on the page has the role ${diagnosis.absentScope}. A library's own modal may set none (alertify, a plain div drawn over the page): error.view marks such a box "(drawn over the page, with no dialog role: …)" with a locator for it; scope to that, or use the refs it holds.${shown ? ` Without the scope: ${shown}.` : ''}`);
  else if (diagnosis.otherRole)
    hints.push(`${locator} matched no element a person sees, but ${diagnosis.candidates?.[0]} does: the widget shown gives that name to an element of role ${diagnosis.otherRole} (a list drawn as checkboxes or treeitems, maybe over a hidden native select whose options are not what a person clicks). Use error.candidates[0].`);
  else if (diagnosis.roleAttribute)
    hints.push(`${locator} matched no element: a CSS [role=${diagnosis.roleAttribute}] finds only elements that set the attribute, and the ${diagnosis.roleAttribute}s here have it implicitly (a native <select multiple> is a listbox, a <button> a button). Use getByRole('${diagnosis.roleAttribute}', { name }) or the ref observe() printed: ${diagnosis.candidates?.[0]} matches.`);
  else if (diagnosis.nameInContent)
    hints.push(`${locator} matched no element: no ${/getByRole\('([a-z]+)'/.exec(locator)?.[1] ?? 'element'} has that name, but one holds it in its content. A name labels an element (observe() prints a field's name before =, its content after); find it by content with error.candidates[0] (${diagnosis.candidates?.[0]}).`);
  else if (diagnosis.textFilter)
    hints.push(textFilterHint(diagnosis.textFilter, diagnosis.candidates?.[0]));
  else if (diagnosis.textElsewhere)
    hints.push(`The element ${locator} resolved to does not show the expected text (it may sit in a shadow root's slot, or be another, hidden element), but ${has}.`);
  else if (diagnosis.matchCount === 0 && locator.endsWith('.visible()') && diagnosis.candidates?.[0] === locator.slice(0, -'.visible()'.length))
    // filter({ visible: true }) found it only hidden: what shows it (a list, a menu) is closed, not the locator wrong.
    hints.push(`${diagnosis.candidates[0]} is in the page but hidden: what shows it (an open list, menu or tab) was closed or never opened. Open it and expect it visible before the click (a click on a toggle that is already open closes it).`);
  else if (diagnosis.matchCount === 0 && has)
    // Two causes look alike here, and the hint must not pick one: the scope is wrong (observe()'s
    // nesting is not the DOM's), or the element is really somewhere else (a drag that did not land).
    // Where the first is helps tell them apart: a card in `region 'Truck 1'` (site 31's drag).
    hints.push(`${locator} matched no element, but the page has ${shown}${diagnosis.foundIn ? ` (the first in ${diagnosis.foundIn})` : ''} (error.candidates, each relative to the page or frame searched). Either the scope is wrong (observe() nests by the accessibility tree: aria-owns, portals and shadow roots put elements elsewhere in the DOM, where locators search), or the element is not where the program expected it (a move that did not land): check which before acting on it.`);
  else if (diagnosis.matchCount === 0)
    hints.push(unknownRoleHint(locator) ?? xpathHint(locator) ?? `${locator} matched no element${report.timeoutMs !== undefined ? ` in ${report.timeoutMs} ms` : ''}: ${LOOK_AGAIN.missing}.`);
}

/** Distinct caught failures a hint names; the rest are counted. */
const CAUGHT_NAMED = 3;

/**
 * Playwright's dragTo presses the button on its source before it moves to the target, and a
 * failure there leaves it pressed (site 19: dragula stayed mid-drag, and the next dragTo dropped
 * nothing). Releasing it here could drop the item where the pointer is: the program decides.
 */
const DRAG_LEFT_DOWN = 'A dragTo that failed after it pressed the mouse button on its source leaves the button down and a drag library mid-drag (its copy under the pointer): before dragging again, press Escape (most cancel on it) or page.mouse.up() over the source, and check where the item is.';

/**
 * The hint for failures the program caught and went on from (caughtErrors.ts): each as
 * `line 9: expect(locator).toHaveCount: expected 1, received 2`, alike ones once with a count.
 * `ended`: whether the program then failed on another error (else it returned).
 */
export function caughtHint(caught: Caught, ended: boolean): string {
  const alike = new Map<string, number>();
  for (const error of caught.errors) {
    const said = caughtSaid(error);
    alike.set(said, (alike.get(said) ?? 0) + 1);
  }
  const total = caught.errors.length + caught.more;
  const shown = [...alike].slice(0, CAUGHT_NAMED);
  const rest = total - shown.reduce((sum, [, times]) => sum + times, 0);
  const named = shown.map(([said, times]) => (times > 1 ? `${said} (×${times})` : said)).join('; ');
  const calls = total === 1 ? 'A call of the program failed and it went on' : `${total} calls of the program failed and it went on`;
  const dragged = caught.errors.some(error => String(error.message ?? '').startsWith('locator.dragTo:'));
  return `${calls} (its own try/catch): ${named}${rest > 0 ? `; ${rest} more` : ''}. What it ${ended ? 'did next' : 'returned'} came after that: check it does not rest on a step that failed.${dragged ? ` ${DRAG_LEFT_DOWN}` : ''}`;
}

/** One caught failure, short: its line in the program, its first line, an expect's expected and received. */
function caughtSaid(error: Error): string {
  const line = programPosition(error.stack)?.line;
  const first = stripAnsi(String(error.message ?? '')).split('\n')[0].replace(/\(expected\) failed$/, '').trim();
  const matcher = (error as { matcherResult?: { expected?: unknown; actual?: unknown } }).matcherResult;
  const detail = matcher && typeof matcher === 'object' && (matcher.expected !== undefined || matcher.actual !== undefined)
    ? `: expected ${cutMiddle(expectedText(matcher.expected), 80)}, received ${cutMiddle(receivedText(matcher.actual), 80)}` : '';
  return `${line ? `line ${line}: ` : ''}${cutMiddle(first, 160)}${detail}`;
}

/** Why a `.filter({ hasText })` left nothing (diagnosis/textFilter.ts), and the fix: said from what the page has. */
function textFilterHint(miss: TextFilterMiss, fix: string | undefined): string {
  const none = `${miss.filter} left none of the ${miss.before} elements before it`;
  if (miss.kind === 'panes')
    return `${none}: one row drawn as several row elements, one per pane, sharing aria-rowindex ${miss.rowIndex} (pinned columns: observe()'s table line says which columns each pane holds), and the texts asked are in different panes. Find the row by one pane's text, read its aria-rowindex, and reach the whole row with error.candidates[0].`;
  if (miss.kind === 'lines')
    return `${none}: a pattern is tested against an element's text as it is, line breaks and all ('${cutMiddle(miss.sample, 160)}' once runs of whitespace are one space), and its \`.\` does not cross a line break. With the s flag (/…/s), or \\s+ where the text breaks, ${miss.matching} of the ${miss.before} match${fix ? ': error.candidates[0]' : ''}.`;
  if (miss.kind === 'near')
    return `${none}; the closest text among them is '${cutMiddle(miss.sample, 160)}'${fix ? ` (error.candidates[0])` : ''}. If the program changed that text itself (typed or saved over it), find the element by what stays the same: a label, a heading, its place in a list.`;
  const how = fix
    ? `error.candidates[0] finds ${miss.matching === 1 ? 'it' : 'them'} by name, which joins the cells with spaces.`
    : `Filter once per cell or part, each text as one element holds it: .filter({ hasText: 'a' }).filter({ hasText: 'b' }).`;
  return `${none}: hasText reads an element's text with nothing between one cell or block and the next ('${cutMiddle(miss.sample, 160)}'), and ${miss.matching} of the ${miss.before} match with a space there. ${how}`;
}

/** The hints' words that send the agent to look at the page; `attachView` says where the look already is. */
const LOOK_AGAIN = {
  timeout: 'Look at the page with observe() (or a screenshot) before retrying',
  missing: 'look at the page with observe() before retrying',
} as const;
/** What those words become when the report carries the page's view. */
const READ_VIEW = {
  timeout: 'Read error.view, the page as it is now (its refs work), before retrying',
  missing: 'read error.view, the page as it is now (its refs work), before retrying',
} as const;

/** A failure the page's state explains (a locator, a wait, an expect, a cover): its receipt brings the page's view. */
export function explainedByPage(report: ReceiptError): boolean {
  return report.waitingFor !== undefined || report.matchCount !== undefined || report.blockedBy !== undefined || report.name === 'ExpectError' || report.name === 'StrictModeError';
}

/** Puts the page's view (observe()) on the report; the hints that sent the agent to look say where the look is. */
export function attachView(report: ReceiptError, hints: string[], view: string): void {
  report.view = view;
  let told = false;
  for (let i = 0; i < hints.length; i++) {
    for (const kind of ['timeout', 'missing'] as const) {
      if (!hints[i].includes(LOOK_AGAIN[kind])) continue;
      hints[i] = hints[i].replace(LOOK_AGAIN[kind], READ_VIEW[kind]);
      told = true;
    }
  }
  if (!told) hints.push('error.view is the page as the program left it (observe(), its refs work): read it before writing the next program.');
}

/**
 * The program's other calls still waiting when it failed (diagnosis/waitingCalls.ts): in
 * `error.stillWaiting`, and said once in a hint, first those that matched nothing (the likelier cause).
 */
export function addStillWaiting(report: ReceiptError, waiting: WaitingCall[], hints: string[]): void {
  if (!waiting.length) return;
  report.stillWaiting = waiting;
  const none = waiting.filter(w => w.matchCount === 0);
  const covered = waiting.filter(w => w.blockedBy !== undefined);
  const named = (none.length ? none : covered.length ? covered : waiting).slice(0, 2).map(w => `${w.call} on ${w.locator}${w.matchCount === 0 ? ' (it matches no element)' : w.blockedBy ? ` (${cutMiddle(w.blockedBy, 200)} covers it)` : ''}`).join('; ');
  const why = none.length ? 'A call that matches nothing is likely why what the program awaited never came: fix its locator (error.stillWaiting[].candidates, or observe()).'
    // FilePond's or Dropzone's transparent file input over its Browse button: the input is what takes the click.
    : covered.length ? 'What covers it (error.stillWaiting[].blockedBy) takes the pointer, so the click never happened: act on the covering element instead (a file input: setInputFiles on it, no file chooser needed), or close it; click({force: true}) would hit the cover.'
    : 'They gave up with the program.';
  hints.push(`When the program failed, ${waiting.length === 1 ? 'another of its calls was' : `${waiting.length} other calls were`} still waiting (error.stillWaiting): ${named}. ${why}`);
}

/** An expected value as a program wrote it: a RegExp reads `/Ticket TCK-\d+/`, not `{}`. */
export function expectedText(value: unknown): string {
  if (value instanceof RegExp) return String(value);
  if (Array.isArray(value)) return `[${value.map(v => (v instanceof RegExp ? String(v) : JSON.stringify(v) ?? String(v))).join(', ')}]`;
  return safeString(value);
}

/** What the page showed: text is read as a person reads it, white space collapsed. */
function receivedText(value: unknown): string {
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim();
  if (Array.isArray(value) && value.every(v => typeof v === 'string')) return safeString(value.map(v => (v as string).replace(/\s+/g, ' ').trim()));
  return safeString(value);
}

function safeString(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
