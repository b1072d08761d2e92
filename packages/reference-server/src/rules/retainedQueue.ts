/** Items kept oldest first, dropped from the front; see {@link retainedQueue}. */
export interface RetainedQueue<T> {
  /** Adds `item` last, then drops the oldest past the queue's `max`. */
  push(item: T): void;
  /** Drops the oldest items while `expired` says so. */
  dropWhile(expired: (oldest: T) => boolean): void;
  /** The items kept, oldest first (a copy). */
  items(): T[];
  readonly size: number;
}

/**
 * A bounded queue of what the sandbox retains (ended sessions, history entries): at most `max`
 * items, the oldest dropped first, each drop told to `onDrop`. Dropping from the front stays
 * O(1): a moving head, the array compacted once the dropped part is over half of it.
 *
 * @example
 * ```ts
 * const ended = retainedQueue<{ endedAt: number }>(10_000, (session) => {});
 * ended.push({ endedAt: 0 });
 * ended.dropWhile((oldest) => oldest.endedAt + 60_000 <= Date.now());
 * ```
 */
export function retainedQueue<T>(max: number, onDrop: (item: T) => void): RetainedQueue<T> {
  let queue: (T | undefined)[] = [];
  let head = 0;

  const dropOldest = (): void => {
    const oldest = queue[head];
    if (oldest === undefined) return;
    queue[head] = undefined;
    head++;
    if (head > 1024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
    onDrop(oldest);
  };

  return {
    push(item) {
      queue.push(item);
      while (queue.length - head > max) dropOldest();
    },
    dropWhile(expired) {
      for (;;) {
        const oldest = queue[head];
        if (oldest === undefined || !expired(oldest)) return;
        dropOldest();
      }
    },
    items: () => queue.slice(head) as T[],
    get size() {
      return queue.length - head;
    },
  };
}
