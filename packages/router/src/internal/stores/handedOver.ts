import type { SessionRecord } from '../../SessionStore';

/** Records the runner built to be kept as they are (see {@link handOver}). */
const handed = new WeakSet<SessionRecord>();

/**
 * Marks a record the runner built for a store to keep without copying it. Every part of such a
 * record is the store's alone and already what JSON would give back: the state and computed
 * items are copies made with JSON's rules, the answer is the strict writer's own output, and
 * the rest is the router's strings or parts of the loaded record, which nothing changes. The
 * memory store copied each record whole before; it now copies only records it was not handed.
 */
export function handOver<T extends SessionRecord>(record: T): T {
  handed.add(record);
  return record;
}

/** Whether the runner handed this record over (then a store may keep it as it is). */
export function isHandedOver(record: SessionRecord): boolean {
  return handed.has(record);
}
