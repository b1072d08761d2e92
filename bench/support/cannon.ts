import autocannon from 'autocannon';
import { closeBody, continueBody, newBody } from './phone';

interface Context {
  sessionId?: string;
  contextData?: string;
}

let counter = 0;

function keep(_status: number, body: string, context: object): void {
  const ctx = context as Context;
  try {
    const parsed = JSON.parse(body) as { contextData?: string };
    ctx.contextData = parsed.contextData ?? '';
  } catch {
    ctx.contextData = '';
  }
}

/** One session per pass over the four requests: new, continue "1", continue "500", close. */
function flowRequests(prefix: string): autocannon.Request[] {
  const post = { method: 'POST' as const, headers: { 'content-type': 'application/json' } };
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
      onResponse: keep,
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

/** One autocannon run's result. */
export interface Run {
  readonly rps: number;
  readonly p99: number;
  readonly errors: number;
}

/**
 * autocannon against the 4-screen flow mounted at `<origin><prefix>`: each connection walks
 * whole sessions (new, continue "1", continue "500", close). Every request is a gateway event.
 */
export async function cannon(
  origin: string,
  prefix: string,
  connections: number,
  duration: number,
): Promise<Run> {
  const result = await autocannon({
    url: origin,
    connections,
    duration,
    requests: flowRequests(prefix),
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
