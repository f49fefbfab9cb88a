// The worker heap cap as a pure policy of the machine (runtime/tasks/workerMemory.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { workerHeapCapMb, machineWorkerLimits, maxActiveTasks } from '../runtime/tasks/workerMemory.js';

const GiB = 2 ** 30;

describe('worker heap cap', () => {
  it('half the machine shared by the tasks that may run at once, within 256 MiB - 4 GiB', () => {
    const rows: Array<[totalGiB: number, maxActive: number, capMb: number]> = [
      [24, 8, 1536],
      [24, 32, 384],
      [8, 8, 512],
      [2, 8, 256],
      [256, 8, 4096],
      [24, 1, 4096],
    ];
    for (const [total, maxActive, cap] of rows)
      assert.equal(workerHeapCapMb({ totalMemoryBytes: total * GiB, maxActive }), cap, `${total} GiB, ${maxActive} tasks`);
    // Eight workers at their cap take at most half of the machine.
    assert.ok(8 * workerHeapCapMb({ totalMemoryBytes: 24 * GiB, maxActive: 8 }) <= 12 * 1024);
  });

  it('TABWRIGHT_WORKER_HEAP_MB only lowers it', () => {
    const machine = { totalMemoryBytes: 24 * GiB, maxActive: 8 };
    assert.equal(workerHeapCapMb(machine, 200), 200);
    assert.equal(workerHeapCapMb(machine, 4096), 1536);
    assert.equal(workerHeapCapMb(machine, undefined), 1536);
    // From the variable (contract/environmentKnobs.ts): a value out of range is refused at start, read as unset.
    assert.equal(machineWorkerLimits({ TABWRIGHT_WORKER_HEAP_MB: '200' }, 24 * GiB).maxOldGenerationSizeMb, 200);
    for (const bad of ['100000', 'lots', '-5']) assert.equal(machineWorkerLimits({ TABWRIGHT_WORKER_HEAP_MB: bad }, 24 * GiB).maxOldGenerationSizeMb, 1536, bad);
  });

  it('the limits a worker gets carry the cap and keep the small young generation', () => {
    const limits = machineWorkerLimits({ TABWRIGHT_MAX_TASKS: '8' }, 24 * GiB);
    assert.deepEqual(limits, { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 1536 });
    assert.equal(maxActiveTasks({}), 8);
    assert.equal(maxActiveTasks({ TABWRIGHT_MAX_TASKS: '3' }), 3);
  });
});
