import { type HttpHandler, http } from 'msw';
import { forcedResponse, mockedEndpoints, type ServiceEndpointName } from './ForcedError';
import { MockService } from './MockService';
import type { ServiceHandlersOptions } from './ServiceHandlersOptions';

/** The handlers of {@link serviceHandlers}: an array for `setupServer`, plus their state. */
export type ServiceHandlers = HttpHandler[] & {
  /** The state and controls of this set of handlers. */
  readonly service: MockService;
};

/** The sandbox API subset answered with `sandboxApi: true`. */
const SANDBOX_API = /^\/sandbox\/(developers(\/[^/]+)?|clock\/advance|callbacks|history)$/;

const endpoints = Object.entries(mockedEndpoints).map(([name, { method, path }]) => ({
  name: name as ServiceEndpointName,
  method,
  path: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`),
}));

/**
 * msw handlers for every endpoint of the service, answered by the reference server's own service
 * app (`createServiceApp`, decision 0036): authentication (`demo-client` / `demo-secret`),
 * permissions, balances, one operationId namespace, the beneficiary-id test triggers
 * (`fail-<CODE>`, `unknown-success`, …), UNKNOWN acquires that settle after 30 s of mock time,
 * and callbacks to the developer's callback URL (sent with msw's `bypass`, so they reach a real
 * local receiver). What is the handlers' own: routing msw's requests there, forced errors and
 * per-test outcomes. Each call has its own state, reached as `handlers.service`.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { serviceHandlers } from '@ussdkit/testing/msw';
 *
 * const handlers = serviceHandlers({ outcomes: { byBeneficiaryId: { '08031234567': 'fail-INTERNAL' } } });
 * const server = setupServer(...handlers);
 * server.listen({ onUnhandledRequest: 'error' });
 * handlers.service.forceError('acquireStatus', { status: 503, times: 1 });
 * ```
 */
export function serviceHandlers(options: ServiceHandlersOptions = {}): ServiceHandlers {
  const service = new MockService(options);
  const base = options.baseUrl?.replace(/\/+$/, '');
  const prefix = base === undefined ? '' : new URL(base).pathname.replace(/\/$/, '');
  const handler = http.all(base === undefined ? '*' : `${base}/*`, async ({ request }) => {
    const url = new URL(request.url);
    const path = url.pathname.slice(prefix.length);
    const name = endpoints.find((e) => e.method === request.method && e.path.test(path))?.name;
    // Anything else is not the service's: msw goes on to the next handler.
    if (name === undefined && !(options.sandboxApi === true && SANDBOX_API.test(path))) return;
    const forced = name === undefined ? undefined : service.takeForced(name);
    if (forced !== undefined && forced.afterProcessing !== true) return forcedResponse(forced);
    const { method, headers } = request;
    const body = method === 'GET' ? null : (await request.text()) || null;
    const target = new URL(`${path}${url.search}`, 'http://service.internal');
    const answer = await service.fetch(new Request(target, { method, headers, body }));
    return forced === undefined ? answer : forcedResponse(forced);
  });
  return Object.assign([handler], { service });
}
