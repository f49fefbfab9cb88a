// A program's timeout that stops counting while a person works on its page (a hand-over) and
// goes on with the time that was left when the person is done.
export class PausableTimer {
  private timer?: NodeJS.Timeout;
  private remainingMs: number;
  private startedAt = 0;
  private done = false;

  constructor(ms: number, private readonly onExpired: () => void) {
    this.remainingMs = ms;
    this.run();
  }

  pause(): void {
    if (this.done || this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.remainingMs = Math.max(0, this.remainingMs - (Date.now() - this.startedAt));
  }

  resume(): void {
    if (this.done || this.timer !== undefined) return;
    this.run();
  }

  clear(): void {
    this.done = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private run(): void {
    this.startedAt = Date.now();
    this.timer = setTimeout(() => {
      this.done = true;
      this.timer = undefined;
      this.onExpired();
    }, this.remainingMs);
  }
}
