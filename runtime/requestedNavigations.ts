// The URLs a task's programs asked to navigate to (page.goto, Page.navigate on the wire), per
// program: a receipt's compact view need not repeat a navigation the program itself asked for.
import type { CommandTap } from '../router/commandTap.js';

/** Programs remembered: an answer is assembled right after its program ends, so a few suffice. */
const REMEMBERED_PROGRAMS = 16;

export class RequestedNavigations implements CommandTap {
  private readonly byRequest = new Map<string, Set<string>>();
  private current?: Set<string>;

  begin(requestId: string): void {
    this.current = new Set();
    this.byRequest.delete(requestId);
    this.byRequest.set(requestId, this.current);
    while (this.byRequest.size > REMEMBERED_PROGRAMS) this.byRequest.delete(this.byRequest.keys().next().value!);
  }

  end(): void {
    this.current = undefined;
  }

  /** What the program of `requestId` asked for, as normalised URLs; undefined when not remembered. */
  of(requestId: string): ReadonlySet<string> | undefined {
    return this.byRequest.get(requestId);
  }

  command(method: string, params: Record<string, unknown>): void {
    if (method !== 'Page.navigate' || !this.current || typeof params.url !== 'string') return;
    this.current.add(normalised(params.url));
  }

  event(): void {}
}

/** `http://host` and `http://host/` are one address; what is not a URL is kept as written. */
export function normalised(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}
