import { describe, expect, it } from 'vitest';
import { EventSignal } from './eventSignal';

describe('EventSignal', () => {
  it('gives one signal, aborted with the reason when the event passes its deadline', () => {
    const events = new EventSignal();
    const { signal } = events;
    expect(events.signal).toBe(signal);
    expect(signal.aborted).toBe(false);
    const reason = new DOMException('late', 'TimeoutError');
    events.abort(reason);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe(reason);
  });

  it('read only after the deadline, is already aborted with the same reason', () => {
    const events = new EventSignal();
    const reason = new DOMException('late', 'TimeoutError');
    events.abort(reason);
    events.abort(new Error('a second abort changes nothing'));
    expect(events.signal.aborted).toBe(true);
    expect(events.signal.reason).toBe(reason);
  });
});
