// examples/observability/src/slowEvents.ts: an instrumentation that reports slow store reads
import type { Instrumentation } from '@ussdkit/router';

export function slowStoreReads(thresholdMs: number, report: (ms: number) => void): Instrumentation {
  return {
    startEvent: () => ({
      phase: (phase, start, end) => {
        if (phase === 'store.load' && end - start > thresholdMs) report(end - start);
      },
      end: () => {},
    }),
  };
}
