// A task's record of what its pages announced (pageAnnouncer.ts hears it), for the receipt's
// `announcements`: each text with its page and when it appeared and went, in ms from the
// program's start. What a page says between programs goes to the next receipt, marked
// `deferred` (its `at` then negative). Bounded whatever the pages do: per receipt the first and
// the last entries are kept and the rest counted, and a page's id for an entry is remembered
// only while the entry can still go.
//
// The compact view (`run` without --verbose) folds what a region said step by step: an entry every
// showing of which was replaced in its own element by the next text (a month heading the program's
// clicks turn, "Saving…" then "Saved") goes into the entry that finally stands, which says how many
// it replaced. Nothing that went by itself (a toast, a status emptied or removed) is folded, nor
// anything still shown; the full receipt keeps every entry.
import type { Announcement } from '../../contract/receipt.js';

/** Entries per receipt at most: the first half and the last half of what was said are kept. */
export const MAX_ANNOUNCEMENTS = 20;
/** The same text on the same page within this long of its last showing is the same announcement (a toast and its library's announcer). */
const SAME_WITHIN_MS = 1000;
/** Ids still able to say "gone" remembered at most. */
const MAX_LIVE = 200;

interface Entry {
  page: number; text: string; at: number; gone?: number; times: number; deferred: boolean; live: number;
  /** Ids that showed this text, and how many of them the next text of their own element replaced. */
  showings: number; replacedShowings: number;
  /** The entry whose text replaced this one's latest replaced showing. */
  replacedBy?: Entry;
}

/** What the receipt says, and the compact view's list when it folds anything. */
export interface AnnouncementsSaid {
  entries: Announcement[];
  dropped: number;
  /** The compact view's `announcements`: replaced entries folded into what replaced them (`replaced`: how many). */
  folded?: Announcement[];
}

export class AnnouncementLog {
  private head: Entry[] = [];
  private tail: Entry[] = [];
  private dropped = 0;
  /** Between programs until `begin`: what is heard then is the next receipt's, deferred. */
  private startedAt?: number;
  /** Each id (its page's document and number) that has not gone yet, with its entry. */
  private readonly live = new Map<string, Entry>();
  /** Each id not yet replaced, gone or not, with its entry: a new text that replaces it names it. */
  private readonly replaceable = new Map<string, Entry>();

  /** A program starts: times are counted from now. */
  begin(now = Date.now()): void {
    this.startedAt = now;
  }

  /** The receipt's entries, with how many were left out; what is heard next is the next receipt's. */
  end(now = Date.now()): AnnouncementsSaid {
    const start = this.startedAt ?? now;
    const kept = [...this.head, ...this.tail];
    const entries = kept.map(entry => announcement(entry, start));
    const folded = foldedReplacements(kept, start);
    const dropped = this.dropped;
    this.head = [];
    this.tail = [];
    this.dropped = 0;
    this.startedAt = undefined;
    // What is still shown goes on: its going is news for no receipt now.
    this.live.clear();
    this.replaceable.clear();
    return { entries, dropped, ...(folded ? { folded } : {}) };
  }

  /**
   * A page shows `text` (an announcement the page's world sent under `id`), in an element whose
   * previous text, sent under `replaced`, it replaced.
   */
  appeared(page: number, id: string, text: string, replaced?: string, now = Date.now()): void {
    const entry = this.entryFor(page, text, now);
    entry.showings++;
    this.remember(id, entry);
    const before = replaced === undefined ? undefined : this.replaceable.get(replaced);
    if (!before || before === entry) return;
    this.replaceable.delete(replaced!);
    before.replacedShowings++;
    before.replacedBy = entry;
  }

  /** The entry a showing of `text` belongs to: the same text on the same page, still shown or gone a moment ago, else a new one. */
  private entryFor(page: number, text: string, now: number): Entry {
    const same = this.latest(entry => entry.page === page && entry.text === text);
    if (same && (same.gone === undefined || now - same.gone <= SAME_WITHIN_MS)) {
      if (same.gone !== undefined) same.times++;
      same.gone = undefined;
      same.live++;
      return same;
    }
    const entry: Entry = { page, text, at: now, times: 1, deferred: this.startedAt === undefined, live: 1, showings: 0, replacedShowings: 0 };
    if (this.head.length < MAX_ANNOUNCEMENTS / 2) this.head.push(entry);
    else {
      this.tail.push(entry);
      if (this.tail.length > MAX_ANNOUNCEMENTS / 2) {
        this.tail.shift();
        this.dropped++;
      }
    }
    return entry;
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
    this.replaceable.set(id, entry);
    if (this.replaceable.size > MAX_LIVE) this.replaceable.delete(this.replaceable.keys().next().value!);
  }

  private latest(match: (entry: Entry) => boolean): Entry | undefined {
    for (const list of [this.tail, this.head]) {
      for (let i = list.length - 1; i >= 0; i--) if (match(list[i])) return list[i];
    }
    return undefined;
  }
}

/**
 * The compact view's list, when anything folds: an entry goes into the one that replaced it
 * (and on, to the one that finally stands) when every showing of it was replaced in its own
 * element, the replacing entry is kept too, and both are deferred or neither is.
 */
function foldedReplacements(kept: readonly Entry[], start: number): Announcement[] | undefined {
  const listed = new Set(kept);
  const folds = (entry: Entry): entry is Entry & { replacedBy: Entry } =>
    entry.replacedBy !== undefined && entry.replacedBy !== entry && listed.has(entry.replacedBy) &&
    entry.showings > 0 && entry.replacedShowings >= entry.showings && entry.replacedBy.deferred === entry.deferred;
  const replacedInto = new Map<Entry, number>();
  const gone = new Set<Entry>();
  for (const entry of kept) {
    // Each replacement came later than what it replaced, so the walk ends; the bound is for safety.
    let stands: Entry = entry;
    for (let steps = 0; folds(stands) && steps <= kept.length; steps++) stands = stands.replacedBy;
    if (stands === entry || folds(stands)) continue;
    gone.add(entry);
    replacedInto.set(stands, (replacedInto.get(stands) ?? 0) + 1);
  }
  if (!gone.size) return undefined;
  return kept.filter(entry => !gone.has(entry)).map(entry => ({ ...announcement(entry, start), ...(replacedInto.has(entry) ? { replaced: replacedInto.get(entry)! } : {}) }));
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
