import type { HttpHandler } from 'msw';
import { acquireHandlers } from './internal/acquireHandlers';
import { merchantHandlers } from './internal/merchantHandlers';
import { operatorHandlers } from './internal/operatorHandlers';
import { sandboxHandlers } from './internal/sandboxHandlers';
import { ussdHandlers } from './internal/ussdHandlers';
import { MockService } from './MockService';
import type { ServiceHandlersOptions } from './ServiceHandlersOptions';

/** The handlers of {@link serviceHandlers}: an array for `setupServer`, plus their state. */
export type ServiceHandlers = HttpHandler[] & {
  /** The state and controls of this set of handlers. */
  readonly service: MockService;
};

/**
 * msw handlers for every endpoint of the service, answering like the reference server with the
 * demo catalogue: authentication (`demo-client` / `demo-secret`), permissions, balances, 409 for
 * a reused operationId, the beneficiary-id test triggers (`fail-<CODE>`, `unknown-success`, …),
 * UNKNOWN acquires that settle after 30 s of mock time, and callbacks to the developer's
 * callback URL (sent with msw's `bypass`, so they reach a real local receiver). Each call has
 * its own state, reached as `handlers.service`.
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
  const base = options.baseUrl === undefined ? '*' : options.baseUrl.replace(/\/+$/, '');
  const handlers: HttpHandler[] = [
    ...acquireHandlers(service, base),
    ...operatorHandlers(service, base),
    ...ussdHandlers(service, base),
    ...merchantHandlers(service, base),
    ...(options.sandboxApi === true ? sandboxHandlers(service, base) : []),
  ];
  return Object.assign(handlers, { service });
}
