// A task's record of what its pages announced (pageAnnouncer.ts hears it), for the receipt's
// `announcements`: each text with its page and when it appeared and went, in ms from the
// program's start. What a page says between programs goes to the next receipt, marked
// `deferred` (its `at` then negative). Bounded whatever the pages do: per receipt the first and
// the last entries are kept and the rest counted, and a page's id for an entry is remembered
// only while the entry can still go.
import type { Announcement } from '../../contract/receipt.js';

/** Entries per receipt at most: the first half and the last half of what was said are kept. */
export const MAX_ANNOUNCEMENTS = 20;
/** The same text on the same page within this long of its last showing is the same announcement (a toast and its library's announcer). */
const SAME_WITHIN_MS = 1000;
/** Ids still able to say "gone" remembered at most. */
const MAX_LIVE = 200;

interface Entry { page: number; text: string; at: number; gone?: number; times: number; deferred: boolean; live: number }

export class AnnouncementLog {
  private head: Entry[] = [];
  private tail: Entry[] = [];
  private dropped = 0;
  /** Between programs until `begin`: what is heard then is the next receipt's, deferred. */
  private startedAt?: number;
  /** Each id (its page's document and number) that has not gone yet, with its entry. */
  private readonly live = new Map<string, Entry>();

  /** A program starts: times are counted from now. */
  begin(now = Date.now()): void {
    this.startedAt = now;
  }

  /** The receipt's entries, with how many were left out; what is heard next is the next receipt's. */
  end(now = Date.now()): { entries: Announcement[]; dropped: number } {
    const start = this.startedAt ?? now;
    const entries = [...this.head, ...this.tail].map(entry => announcement(entry, start));
    const dropped = this.dropped;
    this.head = [];
    this.tail = [];
    this.dropped = 0;
    this.startedAt = undefined;
    // What is still shown goes on: its going is news for no receipt now.
    this.live.clear();
    return { entries, dropped };
  }

  /** A page shows `text` (an announcement the page's world sent under `id`). */
  appeared(page: number, id: string, text: string, now = Date.now()): void {
    const same = this.latest(entry => entry.page === page && entry.text === text);
    if (same && (same.gone === undefined || now - same.gone <= SAME_WITHIN_MS)) {
      if (same.gone !== undefined) same.times++;
      same.gone = undefined;
      same.live++;
      this.remember(id, same);
      return;
    }
    const entry: Entry = { page, text, at: now, times: 1, deferred: this.startedAt === undefined, live: 1 };
    if (this.head.length < MAX_ANNOUNCEMENTS / 2) this.head.push(entry);
    else {
      this.tail.push(entry);
      if (this.tail.length > MAX_ANNOUNCEMENTS / 2) {
        this.tail.shift();
        this.dropped++;
      }
    }
    this.remember(id, entry);
  }

  /** What the page showed under `id` is gone. */
  went(id: string, now = Date.now()): void {
    const entry = this.live.get(id);
    if (!entry) return;
    this.live.delete(id);
    if (--entry.live <= 0) entry.gone = now;
  }

  /** The page's world did not send `count` announcements (the page said more than the rate allows). */
  unsent(count: number): void {
    this.dropped += count;
  }

  private remember(id: string, entry: Entry): void {
    this.live.set(id, entry);
    if (this.live.size > MAX_LIVE) this.live.delete(this.live.keys().next().value!);
  }

  private latest(match: (entry: Entry) => boolean): Entry | undefined {
    for (const list of [this.tail, this.head]) {
      for (let i = list.length - 1; i >= 0; i--) if (match(list[i])) return list[i];
    }
    return undefined;
  }
}

function announcement(entry: Entry, start: number): Announcement {
  return {
    page: entry.page,
    text: entry.text,
    at: entry.at - start,
    ...(entry.gone !== undefined ? { gone: entry.gone - start } : {}),
    ...(entry.times > 1 ? { times: entry.times } : {}),
    ...(entry.deferred ? { deferred: true as const } : {}),
  };
}
