// What a receipt that a dead runtime left queued or running says when the next runtime starts:
// interrupted, never replayed. After a crash of the runtime the stored mutationState is exact;
// after a restart of the machine the last updates may be lost (synchronous = NORMAL), so the
// program may have run further than the receipt says: its outcome is unknown.
import type { Receipt } from '../../contract/receipt.js';

export function recoveredReceipt(receipt: Receipt, how: { machineRestarted: boolean; now: Date }): Receipt {
  const possible = receipt.mutationState === 'possible' || how.machineRestarted;
  const recovered: Receipt = {
    ...receipt,
    status: 'interrupted',
    mutationState: possible ? 'possible' : 'none',
    finishedAt: how.now.toISOString(),
    error: {
      name: 'Interrupted',
      message: how.machineRestarted
        ? 'The machine restarted before the program finished; its last steps may not have been recorded.'
        : 'The runtime stopped before the program finished.',
    },
    hints: [possible
      ? 'The program may have changed something before it stopped: check the application state before resubmitting; it was not replayed.'
      : 'The program changed nothing observable; submit it again under a new request id.'],
  };
  if (possible) recovered.outcome = 'OUTCOME_UNKNOWN';
  // Nobody waits for a person any more: a hand-over left open ended with the runtime.
  delete recovered.waitingFor;
  if (recovered.handoffs) recovered.handoffs = recovered.handoffs.map(h => h.ended ? h : { ...h, ended: 'interrupted' });
  return recovered;
}
