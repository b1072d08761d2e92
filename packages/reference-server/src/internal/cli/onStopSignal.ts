/**
 * Calls `stop` once on SIGINT or SIGTERM, then exits: 0 once it resolves, 1 if it rejects.
 *
 * @example
 * ```ts
 * onStopSignal(() => sandbox.close());
 * ```
 */
export function onStopSignal(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = () => {
    if (stopping) return;
    stopping = true;
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`error while stopping: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}
