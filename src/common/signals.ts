/** The signals that ask a command to stop, and the exit codes of a run they stopped, as a shell reports them. */
export const signalExitCodes = { SIGINT: 130, SIGTERM: 143 } as const;
export type StopSignal = keyof typeof signalExitCodes;

/** Tells `handler` of the first stop signal and of any after it (in place of Node's default, which ends the process); gives the undoing. */
export function onStopSignals(handler: (signal: StopSignal) => void): () => void {
  const onSigint = () => handler('SIGINT');
  const onSigterm = () => handler('SIGTERM');
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);
  return () => {
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
  };
}

/**
 * Runs synchronous work that must not stop halfway (files renamed into place, then pages deleted):
 * a stop signal that comes meanwhile waits until it is done, and is given back with its result
 * (it reaches JavaScript at the event loop's next turn, which this waits for).
 */
export async function heldFromStopSignals<T>(work: () => T): Promise<{ result: T; signal: StopSignal | undefined }> {
  let signal: StopSignal | undefined;
  const undo = onStopSignals((received) => {
    signal ??= received;
  });
  try {
    const result = work();
    await new Promise((resolve) => setImmediate(resolve));
    return { result, signal };
  } finally {
    undo();
  }
}
