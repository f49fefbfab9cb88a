// The program's `console`: entries go to the receipt, bounded, instead of to a terminal
// nobody reads.
import { inspect } from 'node:util';
import type { ConsoleEntry } from '../../../contract/receipt.js';

export const MAX_CONSOLE_ENTRIES = 50;
export const MAX_CONSOLE_TEXT = 2000;

/** Cuts a long text in the middle, keeping both ends (the start says what, the end says why). */
export function cutMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const keep = Math.floor((max - 40) / 2);
  return `${text.slice(0, keep)} …[${text.length - 2 * keep} characters cut]… ${text.slice(-keep)}`;
}

export class ConsoleCapture {
  readonly entries: ConsoleEntry[] = [];
  private dropped = 0;

  /** `onEntry` hears each kept entry as it is added (the runtime keeps them if the worker dies). */
  constructor(private readonly onEntry?: (entry: ConsoleEntry) => void) {}

  add(entry: ConsoleEntry): void {
    if (this.entries.length >= MAX_CONSOLE_ENTRIES) {
      this.dropped++;
      return;
    }
    const kept = { ...entry, text: cutMiddle(entry.text, MAX_CONSOLE_TEXT) };
    this.entries.push(kept);
    this.onEntry?.(kept);
  }

  /** A console-shaped object for the program's scope. */
  programConsole(): Pick<Console, 'log' | 'info' | 'warn' | 'error' | 'debug' | 'trace' | 'dir' | 'table'> {
    const record = (type: string) => (...args: unknown[]) =>
      this.add({ type, text: args.map(a => (typeof a === 'string' ? a : inspect(a, { depth: 4, breakLength: Infinity }))).join(' ') });
    return { log: record('log'), info: record('info'), warn: record('warn'), error: record('error'), debug: record('debug'), trace: record('trace'), dir: record('log'), table: record('log') };
  }

  finish(): ConsoleEntry[] {
    if (this.dropped) this.entries.push({ type: 'info', text: `${this.dropped} more console entries were dropped (limit ${MAX_CONSOLE_ENTRIES})` });
    return this.entries;
  }
}
