import { serviceHandlers } from '@ussdkit/testing/msw';
import { setupServer } from 'msw/node';
import { contractSuite } from './contractSuite';

const baseUrl = 'http://service.mock';
const server = setupServer(...serviceHandlers({ baseUrl, sandboxApi: true }));

contractSuite({
  name: 'the msw handlers of @ussdkit/testing',
  async start() {
    server.listen({ onUnhandledRequest: 'error' });
    return baseUrl;
  },
  async stop() {
    server.close();
  },
});
