// Keeps every core busy for the length of a bench run (`--load`), so a verdict can be shown
// not to depend on the machine being idle. One child process per core, each a busy loop at
// normal priority; stopped by pid when the run ends (and when this process exits).
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';

export interface CpuBurner { processes: number; stop(): Promise<void> }

export function startCpuBurner(processes = os.cpus().length): CpuBurner {
  const children: ChildProcess[] = [];
  for (let i = 0; i < processes; i++) {
    children.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  }
  const killAll = () => { for (const child of children) if (child.exitCode === null) child.kill('SIGKILL'); };
  process.once('exit', killAll);
  return {
    processes,
    async stop() {
      process.removeListener('exit', killAll);
      await Promise.all(children.map(child => child.exitCode !== null || child.signalCode !== null
        ? undefined
        : new Promise<void>(resolve => { child.once('exit', () => resolve()); child.kill('SIGKILL'); })));
    },
  };
}
