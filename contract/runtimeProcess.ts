// How the CLI starts the runtime process: node flags and environment that size its memory
// (eight live task workers must fit the runtime under 400 MiB RSS; runtime/tasks/workerMemory.ts has
// the measurements). Dependency-free: the CLI spawns the runtime with it.

export const RUNTIME_PROCESS = {
  /**
   * `--single-threaded-gc`: V8's helper threads for parallel and concurrent marking each hold
   * their own buffers and glibc arena; the isolates here are small (tens of MiB), so collecting
   * on each isolate's own thread costs little time.
   * `--initial-old-space-size=32`: the first full collection comes at 32 MiB of old space. By
   * default it comes at half the heap limit (GiBs on this machine), so a task worker (~20 MiB
   * live) never collected and kept whatever its loading and its programs left behind.
   * `--heap-growing-percent=25`: after a collection the next one comes 25 % above what lived,
   * not up to 4x: the same heaps, held close to their live size.
   */
  nodeFlags: ['--single-threaded-gc', '--initial-old-space-size=32', '--heap-growing-percent=25'],
  /**
   * glibc gives threads that allocate their own arenas (up to 8 per core), each keeping what it
   * freed; two are enough for a process whose threads mostly wait on the browser. A value the
   * user already set wins.
   * MALLOC_MMAP_THRESHOLD_: a block of 128 KiB or more (a CDP message, a file read, a message
   * between threads) is its own mapping, returned when freed. glibc otherwise raises this
   * threshold after the first large free and keeps such blocks in its arenas: 55-66 MiB of
   * arenas in the runtime with 8 workers against 20 with the fixed threshold.
   */
  env: { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' } as Readonly<Record<string, string>>,
} as const;

/**
 * The native client (client/tabwright.c) starts the runtime by a double fork and cannot learn
 * its exit code. When the runtime it started has not answered in time, or has ended, it hands
 * over to the Node CLI with this variable set to `pid:logOffset`. The launcher waits for that
 * runtime, and if it ends says why from its last line in the log (START_EXIT_FIELD), as it does
 * for a runtime it started itself, instead of starting another: that one would find a corrupt
 * receipts.db already moved aside, and run.
 */
export const NATIVE_STARTED = 'TABWRIGHT_NATIVE_STARTED';

/** The field of a runtime's log line saying the exit code it could not start with (runtime/runtimeServer.ts). */
export const START_EXIT_FIELD = 'startExit';
