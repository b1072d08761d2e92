import { expect } from 'vitest';
import type { FailoverDrillReport } from '../../src/redis/index';

/**
 * The points of issue 25, from a drill's measured timestamps: a failover shorter than the
 * event's deadline goes unnoticed, save for slower screens.
 */
export function expectUnnoticed(report: FailoverDrillReport): void {
  const summary = JSON.stringify(
    { ...report, exchanges: report.exchanges.length, walks: report.walks.length },
    null,
    1,
  );
  // The drill was a real one: traffic on both sides of the failover, and a failover that ended
  // within the deadline of the dials that met it.
  const during = report.exchanges.filter(
    (exchange) => exchange.sentAt >= report.killedAt && exchange.sentAt < report.servingAt,
  );
  expect(during.length, summary).toBeGreaterThan(10);
  expect(report.walksDone, summary).toBeGreaterThan(20);
  expect(report.failoverMs, summary).toBeLessThan(3_500);
  // No session lost, but those with an event in flight at the kill.
  expect(report.lostOutsideKill, summary).toEqual([]);
  // No answer over 5 s (the gateway's budget).
  expect(report.longestAnswerMs, summary).toBeLessThan(5_000);
  // No busy nor unavailable answer more than 1 s after the topology served again.
  expect(report.lastRefusalAfterServingMs ?? Number.NEGATIVE_INFINITY, summary).toBeLessThan(1_000);
  // No dial refused when the failover ended within its deadline.
  expect(report.dialsRefusedWithinDeadline, summary).toBe(0);
}
