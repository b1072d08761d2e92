/** What the router keeps free of the gateway's budget for the network and serialising. */
export const BUDGET_MARGIN_MS = 250;

/** The shortest time a `deadlineScreen` may get to render. */
const MIN_FALLBACK_MS = 50;

/**
 * How an event's time is spent, against the gateway's budget: the wait for the session's lock,
 * the handlers (`deadlineMs`), then, past the deadline, the `deadlineScreen` with what is left.
 * Returns that remainder, or the problem when the settings cannot fit.
 */
export function timeBudget(settings: {
  readonly gatewayBudgetMs: number;
  readonly deadlineMs: number;
  readonly lockWaitMs: number;
  readonly deadlineScreen: boolean;
}): { readonly fallbackMs: number } | { readonly problem: string } {
  const { gatewayBudgetMs, deadlineMs, lockWaitMs, deadlineScreen } = settings;
  const fallbackMs = gatewayBudgetMs - BUDGET_MARGIN_MS - lockWaitMs - deadlineMs;
  const needed = deadlineScreen ? MIN_FALLBACK_MS : 0;
  if (fallbackMs >= needed) return { fallbackMs };
  const parts = [
    `deadlineMs (${deadlineMs} ms)`,
    ...(lockWaitMs > 0 ? [`the store's lockWaitMs (${lockWaitMs} ms)`] : []),
    `a ${BUDGET_MARGIN_MS} ms margin`,
    ...(deadlineScreen ? [`at least ${MIN_FALLBACK_MS} ms for the deadlineScreen`] : []),
  ];
  return {
    problem:
      `${parts.join(' + ')} add up to ${gatewayBudgetMs - fallbackMs + needed} ms, past the gateway's ${gatewayBudgetMs} ms (gatewayBudgetMs): ` +
      'the gateway would abort the session before the app answers. Lower deadlineMs, or the lock wait ' +
      '(for example redisStore({ client, lockWaitMs: 1000 })), or raise gatewayBudgetMs if your gateway waits longer',
  };
}
