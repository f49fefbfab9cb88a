// A worker must always answer a run with `done`: the main thread waits for it, and without
// it the receipt would sit `running` until the program's timeout. When the run itself fails
// (not the program: the worker's own bookkeeping, e.g. the page observer failing while the
// catch of a thrown program collects its changes), the outcome says so and retires the worker.
import type { ProgramOutcome } from '../../programs/workerProtocol.js';

export async function guardOutcome(requestId: string, run: () => Promise<ProgramOutcome>): Promise<ProgramOutcome> {
  try {
    return await run();
  } catch (thrown) {
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    return {
      requestId, ok: false,
      error: { name: 'WorkerError', message: `The worker failed while finishing the program: ${error.name}: ${error.message}` },
      console: [], artifacts: [], pageChanges: [],
      hints: ['The program\'s own outcome was lost with the worker; check the application state before running it again. The next program gets a fresh worker (`state` is reset).'],
      workerEnding: true,
    };
  }
}
