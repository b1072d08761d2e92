import autocannon from 'autocannon';
import { africasTalkingForm, closeBody, continueBody, hubtelBody, newBody } from './phone';

/** How a contender is driven: its own protocol's whole session, request by request. */
export type Protocol = 'native' | 'africasTalking' | 'hubtel';

interface Context {
  sessionId?: string;
  contextData?: string;
}

/** What a load run counted. */
export interface SessionRun {
  /** Whole sessions answered as expected, per second of the run. */
  readonly sessionsPerSecond: number;
  readonly requestsPerSecond: number;
  /** Per request (each is a phone event, or our gateway's close), ms, as autocannon measured. */
  readonly p50: number;
  readonly p99: number;
  /** Sessions whose last screen was not the flow's, requests that failed or timed out. */
  readonly errors: number;
}

let counter = 0;
const lastScreen = 'You will receive 500 NGN of airtime.';
// Our answers' `contextData` is short and plain (`h<hop>`): a match is cheaper than JSON.parse in
// the load generator, which shares the machine's cores with the server.
const contextDataOf = /"contextData":"([^"]*)"/;

/**
 * The native protocol's model (our gateway): new, continue "1", continue "500", then close; each event carries the
 * previous answer's `contextData`, as the gateway echoes it.
 */
function nativeSession(prefix: string, done: (ok: boolean) => void): autocannon.Request[] {
  const post = { method: 'POST' as const, headers: { 'content-type': 'application/json' } };
  const keep = (_status: number, body: string, context: object) => {
    (context as Context).contextData = contextDataOf.exec(body)?.[1] ?? '';
  };
  return [
    {
      ...post,
      path: `${prefix}/ussdSessionEvent/new`,
      setupRequest: (request, context) => {
        const ctx = context as Context;
        ctx.sessionId = `s-${process.pid}-${++counter}`;
        return { ...request, body: newBody(ctx.sessionId) };
      },
      onResponse: keep,
    },
    {
      ...post,
      path: `${prefix}/ussdSessionEvent/continue`,
      setupRequest: (request, context) => {
        const ctx = context as Context;
        return { ...request, body: continueBody(ctx.sessionId ?? '', '1', ctx.contextData ?? '') };
      },
      onResponse: keep,
    },
    {
      ...post,
      path: `${prefix}/ussdSessionEvent/continue`,
      setupRequest: (request, context) => {
        const ctx = context as Context;
        return {
          ...request,
          body: continueBody(ctx.sessionId ?? '', '500', ctx.contextData ?? ''),
        };
      },
      onResponse: (status, body, context) => {
        keep(status, body, context);
        done(status === 200 && body.includes(`"InfoView","message":"${lastScreen}"`));
      },
    },
    {
      ...post,
      path: `${prefix}/ussdSessionEvent/close`,
      setupRequest: (request, context) => {
        const ctx = context as Context;
        return { ...request, body: closeBody(ctx.sessionId ?? '', ctx.contextData ?? '') };
      },
    },
  ];
}

/**
 * ussd-menu-builder's model (Africa's Talking): one form POST per phone event, `text` holding
 * every input of the session so far joined by `*` (`""`, `"1"`, `"1*500"`); no close event.
 */
function africasTalkingSession(path: string, done: (ok: boolean) => void): autocannon.Request[] {
  const post = {
    method: 'POST' as const,
    path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
  const form = (ctx: Context, text: string) => africasTalkingForm(ctx.sessionId ?? '', text);
  return [
    {
      ...post,
      setupRequest: (request, context) => {
        const ctx = context as Context;
        ctx.sessionId = `s-${process.pid}-${++counter}`;
        return { ...request, body: form(ctx, '') };
      },
    },
    { ...post, setupRequest: (request, context) => ({ ...request, body: form(context, '1') }) },
    {
      ...post,
      setupRequest: (request, context) => ({ ...request, body: form(context, '1*500') }),
      onResponse: (status, body) => done(status === 200 && body === `END ${lastScreen}`),
    },
  ];
}

/**
 * Hubtel's model: one JSON POST per phone event, `Initiation` with the dialled string, then
 * `Response` with only the latest input (`"1"`, `"500"`); the last answer is `Release`. No close
 * event: Hubtel sends `Release` itself only when the subscriber or network ends a session.
 */
function hubtelSession(path: string, done: (ok: boolean) => void): autocannon.Request[] {
  const post = { method: 'POST' as const, path, headers: { 'content-type': 'application/json' } };
  const step = (ctx: Context, Type: 'Initiation' | 'Response', Message: string, Sequence: number) =>
    hubtelBody(ctx.sessionId ?? '', Type, Message, Sequence);
  return [
    {
      ...post,
      setupRequest: (request, context) => {
        const ctx = context as Context;
        ctx.sessionId = `s-${process.pid}-${++counter}`;
        return { ...request, body: step(ctx, 'Initiation', '*384*12#', 1) };
      },
    },
    {
      ...post,
      setupRequest: (request, context) => ({ ...request, body: step(context, 'Response', '1', 2) }),
    },
    {
      ...post,
      setupRequest: (request, context) => ({
        ...request,
        body: step(context, 'Response', '500', 3),
      }),
      // ussd-menu-builder answers `{ Message, Type }`, ours `{ Type, Message }`: the same JSON.
      onResponse: (status, body) =>
        done(
          status === 200 &&
            body.includes('"Type":"Release"') &&
            body.includes(`"Message":"${lastScreen}"`),
        ),
    },
  ];
}

const models: Record<
  Protocol,
  (path: string, done: (ok: boolean) => void) => autocannon.Request[]
> = { native: nativeSession, africasTalking: africasTalkingSession, hubtel: hubtelSession };

/**
 * autocannon walking whole sessions of the 4-screen flow (dial, "1" on the menu, "500" as the
 * amount, the closing screen), `connections` sessions at a time: each connection walks one
 * session after the other. Only sessions whose last screen is the flow's count.
 */
export async function sessionLoad(
  origin: string,
  protocol: Protocol,
  path: string,
  connections: number,
  duration: number,
): Promise<SessionRun> {
  let sessions = 0;
  let wrong = 0;
  const done = (ok: boolean) => {
    if (ok) sessions++;
    else wrong++;
  };
  const requests = models[protocol](path, done);
  const result = await autocannon({ url: origin, connections, duration, requests });
  const seconds = result.duration;
  return {
    sessionsPerSecond: sessions / seconds,
    requestsPerSecond: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: wrong + result.errors + result.timeouts + result.non2xx,
  };
}
