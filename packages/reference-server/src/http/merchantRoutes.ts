import { ALREADY_INITIATED, merchantPaymentRequestSchema } from '@ussdkit/protocol';
import { Hono } from 'hono';
import { ServiceError } from '../core/ServiceError';
import { customerAccounts, outcomeOfCallback } from '../rules/index';
import type { ServiceCore } from '../service/ServiceCore';
import { authenticate, type ServiceEnv } from './authenticate';
import { readJson, requireQuery } from './readJson';

/**
 * `POST /merchant/payment` and `GET /merchant/accounts` (docs/reference-server.md, "Merchant
 * payment and accounts"; docs/decisions/0014-merchant-and-history-endpoints.md). A payment is
 * checked and recorded by the rules, then runs as a USSD session the gateway pushes to the
 * customer; its outcome and the end of that session come back to the rules, which call back.
 *
 * @example
 * ```ts
 * app.route('/merchant', merchantRoutes(core));
 * ```
 */
export function merchantRoutes(core: ServiceCore): Hono<ServiceEnv> {
  const { rules, sessions } = core;
  const app = new Hono<ServiceEnv>();
  app.use('*', authenticate(core.developers));

  app.post('/payment', async (c) => {
    const { clientId } = c.var.developer;
    const request = await readJson(c, merchantPaymentRequestSchema, 'merchant payment request');
    const start = rules.payments.initiate(clientId, request);
    // Upstream answers a reused operationId with 400 and a text/plain body, not with our JSON
    // {code, message}: matched on purpose, so code written against the sandbox reads the real one.
    if (start.kind === 'duplicate') return c.text(ALREADY_INITIATED, 400);
    if (start.kind === 'push') {
      const started = sessions.merchantPayment({
        clientId,
        msisdn: request.customerMsisdn,
        process: start.process,
        report: (body) =>
          rules.payments.report(clientId, body.operationId, outcomeOfCallback(body)),
      });
      if (!started.ok) throw new ServiceError(started.status, started.code, started.message);
      rules.payments.pushed(start.record, {
        sessionId: started.sessionId,
        recoveryShortcode: started.recoveryShortcode ?? null,
      });
    }
    return c.json({ recoveryShortcode: start.record.recoveryShortcode }, 202);
  });

  app.get('/accounts', (c) => c.json(customerAccounts(requireQuery(c, 'customerMsisdn'))));
  return app;
}
