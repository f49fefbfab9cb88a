// How the CLI starts the runtime process: node flags and environment that size its memory
// (eight live task workers must fit the runtime under 400 MiB RSS; runtime/workerMemory.ts has
// the measurements). Dependency-free: the CLI spawns the runtime with it.

export const RUNTIME_PROCESS = {
  /**
   * `--single-threaded-gc`: V8's helper threads for parallel and concurrent marking each hold
   * their own buffers and glibc arena; the isolates here are small (tens of MiB), so collecting
   * on each isolate's own thread costs little time.
   */
  nodeFlags: ['--single-threaded-gc'],
  /**
   * glibc gives threads that allocate their own arenas (up to 8 per core), each keeping what it
   * freed; two are enough for a process whose threads mostly wait on the browser. A value the
   * user already set wins.
   */
  env: { MALLOC_ARENA_MAX: '2' } as Readonly<Record<string, string>>,
} as const;
