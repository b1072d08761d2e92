/** How {@link runUnderLock} runs one event whose store holds the session's lock. */
export interface LockedRun<T, H extends { readonly write?: unknown }> {
  readonly sessionId: string;
  /** The lock as taken, and (in `write`) what the task saved or deleted under it. */
  readonly holding: H;
  /** The store's holdings by session, so that `load` and `save` under the lock cost no call. */
  readonly holders: Map<string, H>;
  readonly task: () => Promise<T>;
  /** Stops renewing the lock's lease. */
  readonly stopRenewing: () => void;
  /** Writes the holding's save or delete and releases the lock. */
  readonly commit: () => Promise<void>;
}

/**
 * Runs an event's task under a lock held in a shared store (Redis, a Durable Object), then
 * commits. Writes made before a throw are kept, as in every store. A failed release with
 * nothing to write is harmless (the lease expires, or the lock is released in the background); a
 * failed write is the event's failure (nothing of it was saved), unless the task already failed.
 */
export async function runUnderLock<T, H extends { readonly write?: unknown }>(
  run: LockedRun<T, H>,
): Promise<T> {
  const { sessionId, holding, holders } = run;
  holders.set(sessionId, holding);
  let result: { value: T } | { error: unknown };
  try {
    result = { value: await run.task() };
  } catch (error) {
    result = { error };
  } finally {
    run.stopRenewing();
    if (holders.get(sessionId) === holding) holders.delete(sessionId);
  }
  const committed = run.commit();
  if ('error' in result) {
    await committed.catch(() => undefined);
    throw result.error;
  }
  if (holding.write === undefined) await committed.catch(() => undefined);
  else await committed;
  return result.value;
}
