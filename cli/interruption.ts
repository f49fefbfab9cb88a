// Notices SIGINT, SIGTERM and SIGHUP while the CLI waits on a submitted program, so it can
// say how to find the outcome instead of dying silently.
const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

export interface SignalWatch {
  signalled: Promise<NodeJS.Signals>;
  stop(): void;
}

export function watchSignals(): SignalWatch {
  let handler: (signal: NodeJS.Signals) => void = () => {};
  const signalled = new Promise<NodeJS.Signals>((resolve) => { handler = resolve; });
  for (const signal of SIGNALS) process.on(signal, handler);
  return {
    signalled,
    stop: () => { for (const signal of SIGNALS) process.off(signal, handler); },
  };
}
