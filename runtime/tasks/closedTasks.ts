// Where the tabs of closed tasks were (`tabwright close`, `run --close`): a later program in a
// closed task's name runs in a new task, without those tabs and `state`, and its receipt says
// so with the URLs, so an agent that closed too early goes back instead of guessing. In memory:
// a runtime restart forgets it (the stored receipts still name the pages).

/** Closed tasks remembered, the oldest forgotten first; URLs kept per task, and their length. */
const REMEMBERED = 64;
const MAX_URLS = 5;
const MAX_URL_CHARS = 300;

export class ClosedTasks {
  private readonly byName = new Map<string, string[]>();

  /** The task is closed; these were its tabs' URLs. */
  remember(name: string, urls: readonly string[]): void {
    const kept = urls.filter(url => url !== 'about:blank').map(url => (url.length > MAX_URL_CHARS ? `${url.slice(0, MAX_URL_CHARS - 1)}…` : url));
    this.byName.delete(name);
    if (!kept.length) return;
    this.byName.set(name, kept.slice(0, MAX_URLS));
    while (this.byName.size > REMEMBERED) this.byName.delete(this.byName.keys().next().value!);
  }

  /** The hint for the first program of a new task of this name, once; none when no closed task of it had tabs. */
  take(name: string): string[] {
    const urls = this.byName.get(name);
    if (!urls) return [];
    this.byName.delete(name);
    return [`Task "${name}" was closed before this program (tabwright close or run --close), with its tabs and state: this program runs in a new task of that name. `
      + `Its tabs were at ${urls.join(', ')}: page.goto(url) or tabs.new(url) goes back.`];
  }
}
