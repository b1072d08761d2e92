import type { DrillExchange, DrillWalk } from './drillCustomers';

/**
 * The figures of a failover drill, from the answers' own timestamps (all `Date.now()`).
 *
 * @example
 * ```ts
 * console.log(`failover ${report.failoverMs} ms, longest answer ${report.longestAnswerMs} ms`);
 * ```
 */
export interface FailoverFigures {
  /** When the drill called `failover` (the kill). */
  readonly killedAt: number;
  /** When `failover` said the topology served again. */
  readonly servingAt: number;
  /** From the kill to the topology serving again. */
  readonly failoverMs: number;
  /** How many events were answered (closes aside). */
  readonly answers: number;
  /** The longest any request took to be answered, closes included. */
  readonly longestAnswerMs: number;
  /** Answers `messages.busy` (during a session) or `messages.unavailable` (a dial, or a lost session). */
  readonly refusals: number;
  /**
   * How long after the topology served again the last refusal was answered (negative: before);
   * `undefined` when there was none.
   */
  readonly lastRefusalAfterServingMs: number | undefined;
  /** How long after the topology served again the last event sent before it was answered. */
  readonly recoveredAfterServingMs: number;
  /** Dials answered `unavailable` though the topology served again before their deadline. */
  readonly dialsRefusedWithinDeadline: number;
  /** Walks through the flow that ended on the right last screen. */
  readonly walksDone: number;
  /** Sessions lost (a wrong screen, `unavailable`, `expired`) with no event in flight at the kill. */
  readonly lostOutsideKill: readonly string[];
  /** Sessions lost that had an event in flight at the kill. */
  readonly lostInFlight: readonly string[];
}

/** Reads the figures of a drill whose failover began at `killedAt` and ended at `servingAt`. */
export function failoverFigures(
  traffic: { readonly exchanges: readonly DrillExchange[]; readonly walks: readonly DrillWalk[] },
  killedAt: number,
  servingAt: number,
  deadlineMs: number,
): FailoverFigures {
  const { exchanges, walks } = traffic;
  const answers = exchanges.filter((exchange) => exchange.event !== 'close');
  const refusals = answers.filter(
    (exchange) => exchange.outcome === 'busy' || exchange.outcome === 'unavailable',
  );
  const inFlight = new Set(
    exchanges
      .filter((exchange) => exchange.sentAt <= killedAt && exchange.answeredAt >= killedAt)
      .map((exchange) => exchange.sessionId),
  );
  const lost = walks.filter((walk) => walk.result === 'lost');
  const latest = (times: number[]): number | undefined =>
    times.length === 0 ? undefined : Math.max(...times);
  return {
    killedAt,
    servingAt,
    failoverMs: servingAt - killedAt,
    answers: answers.length,
    longestAnswerMs: latest(exchanges.map((e) => e.answeredAt - e.sentAt)) ?? 0,
    refusals: refusals.length,
    lastRefusalAfterServingMs: latest(refusals.map((e) => e.answeredAt - servingAt)),
    recoveredAfterServingMs:
      latest(exchanges.filter((e) => e.sentAt < servingAt).map((e) => e.answeredAt - servingAt)) ??
      0,
    dialsRefusedWithinDeadline: answers.filter(
      (exchange) =>
        exchange.event === 'new' &&
        exchange.outcome === 'unavailable' &&
        exchange.sentAt + deadlineMs >= servingAt,
    ).length,
    walksDone: walks.filter((walk) => walk.result === 'done').length,
    lostOutsideKill: lost
      .filter((walk) => !inFlight.has(walk.sessionId))
      .map((walk) => `${walk.sessionId}: ${walk.why}`),
    lostInFlight: lost
      .filter((walk) => inFlight.has(walk.sessionId))
      .map((walk) => `${walk.sessionId}: ${walk.why}`),
  };
}
