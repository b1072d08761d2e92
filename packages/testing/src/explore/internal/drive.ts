import type { UssdHarness } from '../../createHarness';
import type { HarnessSession } from '../../HarnessSession';
import type { ExploreStart, ExploreStep } from '../ExploreStep';

/** Starts a session as `start` says, with this session id. */
export function startSession(
  phone: UssdHarness,
  start: ExploreStart,
  sessionId: string,
): Promise<HarnessSession> {
  if ('dial' in start) return phone.dial(start.dial, { sessionId });
  if ('push' in start) return phone.push(start.push, { sessionId });
  const process = start.redirectIn;
  return phone.redirectIn(
    process === null ? undefined : { id: process.id, params: { ...process.params } },
    { sessionId },
  );
}

/** Sends one step on the session, as the customer or the gateway does. */
export async function applyStep(session: HarnessSession, step: ExploreStep): Promise<void> {
  if (step.type === 'text') await session.type(step.value);
  else if (step.type === 'payment') await session.paymentResult(step.status, step.cause);
  else if (step.type === 'embedded') await session.embeddedResult({ ...step.resultParams });
  else await session.returnFromRedirect({ ...step.resultParams });
}

/** `dial *384*1#`, `push "…"`, `redirect in {…}`: as the harness's transcript writes it. */
export function describeStart(start: ExploreStart): string {
  if ('dial' in start) return `dial ${start.dial}`;
  if ('push' in start) return `push ${JSON.stringify(start.push)}`;
  return `redirect in ${start.redirectIn === null ? '' : JSON.stringify(start.redirectIn)}`.trim();
}

/** A step as a reader of the report types or sees it. */
export function describeStep(step: ExploreStep): string {
  if (step.type === 'text') return step.value;
  if (step.type === 'payment') {
    return `(payment ${step.status}${step.cause === undefined ? '' : `: ${step.cause}`})`;
  }
  const what = step.type === 'embedded' ? 'embedded process result' : 'returned from redirect';
  return `(${what} ${JSON.stringify(step.resultParams)})`;
}
