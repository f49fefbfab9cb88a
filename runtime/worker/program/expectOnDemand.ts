// A program's `expect`, loaded when first used. @playwright/test is a second Playwright package
// (its test runner's modules, for the one function): 75-100 ms of a quiet core to require. A
// worker that has a task waiting for it (the first program of a cold start, a task started
// with no spare ready) runs that program without it, and loads it once the program is done;
// an unassigned spare loads it at once, while nothing waits (worker main.ts says when).
// The program sees Playwright's own `expect` in every way: calling it, `expect.soft`,
// `expect.poll`, `expect.extend`, `expect.configure`; only the first touch pays the load.

type Expect = typeof import('@playwright/test').expect;

export class ExpectOnDemand {
  private loaded?: Expect;
  /** The `expect` a program gets: Playwright's, loaded by the first thing the program does with it. */
  readonly expect: Expect;

  /** @param load returns Playwright's expect (wrapped as the worker wants it); called once. */
  constructor(private readonly load: () => Expect) {
    const real = () => this.now();
    // An arrow function as the target: it has no own non-configurable properties, so every
    // answer may come from the real expect without breaking a Proxy invariant.
    this.expect = new Proxy((() => undefined) as unknown as Expect, {
      apply: (_target, self, args: unknown[]) => Reflect.apply(real() as unknown as (...a: unknown[]) => unknown, self, args),
      get: (_target, property) => Reflect.get(real(), property),
      has: (_target, property) => Reflect.has(real(), property),
      set: (_target, property, value) => Reflect.set(real(), property, value),
      ownKeys: () => Reflect.ownKeys(real()).filter(key => key !== 'prototype' && key !== 'arguments' && key !== 'caller'),
      getOwnPropertyDescriptor: (_target, property) => {
        const descriptor = Reflect.getOwnPropertyDescriptor(real(), property);
        return descriptor && { ...descriptor, configurable: true };
      },
    });
  }

  get isLoaded(): boolean {
    return this.loaded !== undefined;
  }

  /** Playwright's expect, loading it if it is not yet. */
  now(): Expect {
    return this.loaded ??= this.load();
  }
}
