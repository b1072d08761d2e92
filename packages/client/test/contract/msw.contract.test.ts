import { serviceHandlers } from '@ussdkit/testing/msw';
import { setupServer } from 'msw/node';
import { contractSuite } from './contractSuite';

const baseUrl = 'http://service.mock';
const handlers = serviceHandlers({ baseUrl, sandboxApi: true });
const server = setupServer(...handlers);

contractSuite({
  name: 'the msw handlers of @ussdkit/testing',
  async start() {
    server.listen({ onUnhandledRequest: 'error' });
    return baseUrl;
  },
  async stop() {
    server.close();
  },
  // No phone in the mock: the test completes the payment as the customer's session would.
  async payAsCustomer(_baseUrl, { operationId }) {
    handlers.service.completeMerchantPayment(operationId, { result: 'Success' });
  },
});
