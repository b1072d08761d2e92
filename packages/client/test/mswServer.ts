import {
  type ServiceHandlers,
  type ServiceHandlersOptions,
  serviceHandlers,
} from '@ussdkit/testing/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type ClientOptions, UssdkitClient } from '../src/index';

export const baseUrl = 'http://service.test';

/**
 * One msw server per test file (`onUnhandledRequest: 'error'`); `fresh()` gives new handlers
 * (new state) and a client with fast backoff for each test.
 */
export function useMockService() {
  const server = setupServer();
  const requests: Request[] = [];
  server.events.on('request:start', ({ request }) => {
    requests.push(request.clone());
  });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    requests.length = 0;
  });
  afterAll(() => server.close());

  function fresh(
    options: ServiceHandlersOptions = {},
    clientOptions: Partial<ClientOptions> = {},
  ): { handlers: ServiceHandlers; client: UssdkitClient } {
    const handlers = serviceHandlers({ baseUrl, ...options });
    server.resetHandlers(...handlers);
    const client = new UssdkitClient({
      baseUrl,
      clientId: 'demo-client',
      clientSecret: 'demo-secret',
      backoff: { initialDelayMs: 1, maxDelayMs: 4 },
      ...clientOptions,
    });
    return { handlers, client };
  }

  return { server, requests, fresh };
}
