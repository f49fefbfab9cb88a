// Every TABWRIGHT_* variable the runtime, its workers and the CLI read, in one table: its kind,
// what it accepts, its default, what it means, and what a value outside that does. Each read
// of one in the code goes through `knob` below, so no variable is parsed twice or in two ways.
// (`runtime start`'s safety switches are no variables at all: contract/startSettings.ts lists the
// retired ones the CLI warns about and drops. The native client's hand-over to the Node CLI,
// NATIVE_STARTED in contract/runtimeProcess.ts, is no setting: cli/startedRuntime.ts checks it.)
//
// An agent's shell can set any variable, so each knob decides what a bad value does:
// - refuse: the runtime does not start (runtime.log says why) and the CLI says it before it
//   starts one (exit 2, nothing submitted). For a knob whose value a guarantee rests on: how
//   long receipts, and so request ids, are kept (a negative TABWRIGHT_RECEIPT_DAYS deleted every
//   finished receipt, so every request id would run again); a timer past Node's limit, which
//   Node fires at once (TABWRIGHT_BROWSER_ANSWER_S past 2,147,483 s counted every browser
//   command unanswered, TABWRIGHT_IDLE_MINUTES would stop every worker after each program);
//   how many tasks and how much memory. Guessing a value there would silently change what the
//   person asked for, so the runtime says which variable and what it accepts instead.
// - ignore: a warning (runtime.log, the CLI's stderr) and the default. For a switch whose unknown
//   word can only leave the default in place: a headless browser, the code cache on, no debug
//   output; nothing a receipt says depends on it.
// Pure and dependency-free: the CLI imports it.

export type KnobKind = 'number' | 'switch' | 'path';

/** The CLI's error name for a variable it refuses (exit 2: nothing was submitted). */
export const KNOB_REFUSED = 'EnvironmentVariableRefused';

interface KnobBase {
  kind: KnobKind;
  /** What it sets, for the table in README and the messages. */
  means: string;
  /** The default, as a person reads it. */
  defaultText: string;
  /** What a bad value does (see above). */
  onBad: 'refuse' | 'ignore';
  /** Who reads it. */
  readBy: string;
}

export interface NumberKnob extends KnobBase {
  kind: 'number';
  default: number;
  /** The accepted range: above `above` (exclusive) or from `min` (inclusive), up to `max` (inclusive). */
  above?: number;
  min?: number;
  max: number;
  integer?: boolean;
  unit: string;
}

export interface SwitchKnob extends KnobBase {
  kind: 'switch';
  /** The words it takes, and what each means. */
  words: Readonly<Record<string, boolean>>;
}

export interface PathKnob extends KnobBase {
  kind: 'path';
}

export type Knob = NumberKnob | SwitchKnob | PathKnob;

/** The longest delay Node's timers take (2^31 - 1 ms); a longer one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const ENVIRONMENT_KNOBS = {
  TABWRIGHT_HOME: {
    kind: 'path', means: 'the runtime\'s home: socket, log, receipts, profile and files', defaultText: '~/.tabwright', onBad: 'refuse', readBy: 'CLI, runtime',
  },
  TABWRIGHT_BROWSER: {
    kind: 'path', means: 'the browser executable a launched runtime starts', defaultText: 'found (headless shell, system Chromium/Chrome, Playwright\'s)', onBad: 'refuse', readBy: 'CLI, runtime',
  },
  TABWRIGHT_USER_DATA_DIR: {
    kind: 'path', means: 'the profile folder --auto-connect looks in for DevToolsActivePort', defaultText: 'the usual ones', onBad: 'refuse', readBy: 'runtime (--auto-connect)',
  },
  TABWRIGHT_HEADED: {
    kind: 'switch', words: { 1: true, 0: false }, means: 'show the launched browser\'s window (where a display is)', defaultText: '0 (headless)', onBad: 'ignore', readBy: 'runtime',
  },
  TABWRIGHT_CODE_CACHE: {
    kind: 'switch', words: { 1: true, 0: false }, means: 'keep V8 code caches of Playwright and the runtime', defaultText: '1 (on)', onBad: 'ignore', readBy: 'runtime, workers',
  },
  TABWRIGHT_REMOTE_BROWSER: {
    kind: 'switch', words: { 1: true, 0: false }, means: 'the connected browser\'s files are on another machine (1) or on this one (0)', defaultText: 'decided by the --connect URL\'s host', onBad: 'refuse', readBy: 'runtime',
  },
  TABWRIGHT_DEBUG_MUTATIONS: {
    kind: 'switch', words: { 1: true, 0: false }, means: 'write each program\'s mutations to runtime.log as they are observed', defaultText: '0 (off)', onBad: 'ignore', readBy: 'runtime',
  },
  TABWRIGHT_MAX_TASKS: {
    kind: 'number', default: 8, min: 1, max: 64, integer: true, unit: 'tasks', means: 'how many tasks may hold a worker at once', defaultText: '8', onBad: 'refuse', readBy: 'runtime',
  },
  TABWRIGHT_IDLE_MINUTES: {
    kind: 'number', default: 10, above: 0, max: Math.floor(MAX_TIMER_MS / 60_000), unit: 'minutes', means: 'how long an idle task keeps its worker (and `state`)', defaultText: '10', onBad: 'refuse', readBy: 'runtime',
  },
  TABWRIGHT_RECEIPT_DAYS: {
    kind: 'number', default: 7, above: 0, max: 36_500, unit: 'days', means: 'how long receipts (and so their request ids) and their files are kept', defaultText: '7', onBad: 'refuse', readBy: 'runtime',
  },
  TABWRIGHT_WORKER_HEAP_MB: {
    kind: 'number', default: 4096, min: 64, max: 4096, integer: true, unit: 'MiB', means: 'lowers the heap cap of each task\'s worker (never raises it)', defaultText: 'from the machine\'s memory (256-4096)', onBad: 'refuse', readBy: 'runtime',
  },
  TABWRIGHT_BROWSER_ANSWER_S: {
    kind: 'number', default: 60, above: 0, max: Math.floor(MAX_TIMER_MS / 1000), unit: 'seconds', means: 'how long the browser may take to answer the runtime before it counts as unresponsive', defaultText: '60', onBad: 'refuse', readBy: 'runtime',
  },
} as const satisfies Record<string, Knob>;

export type KnobName = keyof typeof ENVIRONMENT_KNOBS;
type NumberKnobName = { [K in KnobName]: (typeof ENVIRONMENT_KNOBS)[K] extends { kind: 'number' } ? K : never }[KnobName];
type SwitchKnobName = { [K in KnobName]: (typeof ENVIRONMENT_KNOBS)[K] extends { kind: 'switch' } ? K : never }[KnobName];
type PathKnobName = { [K in KnobName]: (typeof ENVIRONMENT_KNOBS)[K] extends { kind: 'path' } ? K : never }[KnobName];

/** A variable set to a value its knob does not accept. */
export interface KnobProblem {
  variable: KnobName;
  value: string;
  onBad: 'refuse' | 'ignore';
  /** `TABWRIGHT_RECEIPT_DAYS=-1 is not accepted: ...`, naming the variable and what it accepts. */
  message: string;
}

/** What a knob accepts, as a person reads it: `a number of days above 0, at most 36500`. */
export function acceptedText(knob: Knob): string {
  if (knob.kind === 'switch') return Object.keys(knob.words).join(' or ');
  if (knob.kind === 'path') return 'a path';
  const from = knob.above !== undefined ? `above ${knob.above}` : `from ${knob.min}`;
  return `${knob.integer ? 'a whole number' : 'a number'} of ${knob.unit} ${from}, at most ${knob.max.toLocaleString('en')}`;
}

/** A decimal number as a person writes one (no hex, no exponent, no blanks): `7`, `0.5`, `.02`. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

function parsedNumber(knob: NumberKnob, text: string): number | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || (knob.integer && !Number.isInteger(value))) return undefined;
  if (knob.above !== undefined && !(value > knob.above)) return undefined;
  if (knob.min !== undefined && value < knob.min) return undefined;
  return value <= knob.max ? value : undefined;
}

/** The variable's text, or undefined when unset or empty (an empty variable is an unset one). */
function textOf(env: NodeJS.ProcessEnv, name: KnobName): string | undefined {
  const text = env[name]?.trim();
  return text ? text : undefined;
}

function problem(name: KnobName, text: string): KnobProblem {
  const knob: Knob = ENVIRONMENT_KNOBS[name];
  const then = knob.onBad === 'refuse'
    ? `the runtime does not start with it: set ${name} to ${acceptedText(knob)}, or unset it for the default (${knob.defaultText})`
    : `it is ignored: the default (${knob.defaultText}) applies; set ${acceptedText(knob)}, or unset it`;
  return { variable: name, value: text, onBad: knob.onBad, message: `${name}=${JSON.stringify(text).slice(1, -1).slice(0, 60)} is not accepted (${knob.means}): ${then}.` };
}

/** A number knob's value: the variable when it is in range, else the default (environmentProblems says why). */
export function numberKnob(env: NodeJS.ProcessEnv, name: NumberKnobName): number {
  const knob: NumberKnob = ENVIRONMENT_KNOBS[name];
  const text = textOf(env, name);
  return (text === undefined ? undefined : parsedNumber(knob, text)) ?? knob.default;
}

/** A number knob's value when the variable sets one in range; undefined when unset (or bad). */
export function numberKnobSet(env: NodeJS.ProcessEnv, name: NumberKnobName): number | undefined {
  const text = textOf(env, name);
  return text === undefined ? undefined : parsedNumber(ENVIRONMENT_KNOBS[name], text);
}

/** A switch's value when set to one of its words; undefined when unset (or bad: environmentProblems says so). */
export function switchKnob(env: NodeJS.ProcessEnv, name: SwitchKnobName): boolean | undefined {
  const text = textOf(env, name);
  const words: Readonly<Record<string, boolean>> = ENVIRONMENT_KNOBS[name].words;
  return text !== undefined && Object.hasOwn(words, text) ? words[text] : undefined;
}

/** A path knob's value, or undefined when unset or empty. */
export function pathKnob(env: NodeJS.ProcessEnv, name: PathKnobName): string | undefined {
  return env[name] || undefined;
}

/** Every knob set to a value it does not accept, in the table's order. Paths are checked where they are used. */
export function environmentProblems(env: NodeJS.ProcessEnv): KnobProblem[] {
  const problems: KnobProblem[] = [];
  for (const name of Object.keys(ENVIRONMENT_KNOBS) as KnobName[]) {
    const knob: Knob = ENVIRONMENT_KNOBS[name];
    const text = textOf(env, name);
    if (text === undefined || knob.kind === 'path') continue;
    const accepted = knob.kind === 'number' ? parsedNumber(knob, text) !== undefined : Object.hasOwn(knob.words, text);
    if (!accepted) problems.push(problem(name, text));
  }
  return problems;
}
