import { EventEmitter } from 'node:events';
import type { AttemptSignal } from '../AttemptSignal';

/**
 * An attempt's signal as undici's `request()` takes it: an `EventEmitter` with `aborted` and
 * `reason` that emits `abort` (documented: `signal: AbortSignal | EventEmitter`), far cheaper per
 * call than an `AbortController`.
 */
export class AbortEmitter extends EventEmitter {
  aborted = false;
  reason: unknown;

  constructor(signal: AttemptSignal) {
    super();
    signal.onAbort(() => {
      this.aborted = true;
      this.reason = signal.reason;
      this.emit('abort');
    });
  }
}
