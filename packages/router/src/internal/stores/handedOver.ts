import type { SessionRecord } from '../../SessionStore';

/**
 * A record the runner built for a store to keep without copying it. Every part of such a record
 * is the store's alone and already what JSON would give back: the state and computed items are
 * copies made with JSON's rules, the answer kept is the one the engine made for this event, and
 * the rest is the router's strings or parts of the loaded record, which nothing changes. The
 * memory store copied each record whole before; it now copies only records that are not one of
 * these. A class, so that telling one costs an `instanceof` (a WeakSet's add was about 0.2 µs
 * an event), and a spread copy of one is a plain record again.
 */
export class HandedOverRecord implements SessionRecord {
  readonly flowVersion: string;
  readonly state: unknown;
  readonly lastEvent: SessionRecord['lastEvent'];
  // Declared only: JSON leaves an undefined member out, and so does this record.
  declare readonly gateway?: unknown;

  constructor(
    flowVersion: string,
    state: unknown,
    lastEvent: SessionRecord['lastEvent'],
    gateway: unknown,
  ) {
    this.flowVersion = flowVersion;
    this.state = state;
    this.lastEvent = lastEvent;
    if (gateway !== undefined) (this as { gateway?: unknown }).gateway = gateway;
  }
}

/** Whether the runner handed this record over (then a store may keep it as it is). */
export function isHandedOver(record: SessionRecord): boolean {
  return record instanceof HandedOverRecord;
}
