// The conditions a timing was taken under, printed beside every timed table: this machine is
// shared, so a median means little without the load it was measured at.
import os from 'node:os';

export interface MachineConditions { cpus: number; loadAverage1m: number; node: string; at: string }

export function machineConditions(): MachineConditions {
  return { cpus: os.cpus().length, loadAverage1m: Number(os.loadavg()[0].toFixed(2)), node: process.version, at: new Date().toISOString() };
}

export function describeConditions(before: MachineConditions, after: MachineConditions): string {
  return `${before.cpus} CPUs, load average (1 min) ${before.loadAverage1m} at start and ${after.loadAverage1m} at end, node ${before.node}`;
}
