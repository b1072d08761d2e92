import { ALREADY_INITIATED, merchantPaymentRequestSchema } from '@ussdkit/protocol';
import {
  customerAccounts,
  PAYMENT_SESSION_APP_CODE,
  parseHistoryQuery,
} from '@ussdkit/reference-server/rules';
import { type HttpHandler, HttpResponse } from 'msw';
import type { MockService } from '../MockService';
import { readJson, requireQuery, route } from './http';
import { recoveryCode } from './ussdHandlers';

/**
 * Handlers of the three operations the spec references: `POST /merchant/payment`,
 * `GET /merchant/accounts` and `GET /operation/history`, with the sandbox rules' answers. A
 * payment's session is not simulated (there is no phone): it stays `INITIATED` until the test
 * completes it with `service.completeMerchantPayment()`.
 */
export function merchantHandlers(service: MockService, base: string): HttpHandler[] {
  const { payments } = service.rules;
  return [
    route(service, base, 'merchantPayment', async ({ developer, request }) => {
      const body = await readJson(
        request,
        merchantPaymentRequestSchema,
        'merchant payment request',
      );
      const start = payments.initiate(developer.clientId, body);
      // Upstream's answer to a reused operationId, kept as the sandbox keeps it: 400 text/plain.
      if (start.kind === 'duplicate') return HttpResponse.text(ALREADY_INITIATED, { status: 400 });
      if (start.kind === 'push') {
        const recoveryShortcode = developer.permissions.includes('RECOVERY')
          ? recoveryCode(service.mainCode, PAYMENT_SESSION_APP_CODE)
          : null;
        payments.pushed(start.record, { sessionId: crypto.randomUUID(), recoveryShortcode });
      }
      return HttpResponse.json(
        { recoveryShortcode: start.record.recoveryShortcode },
        { status: 202 },
      );
    }),
    route(service, base, 'merchantAccounts', ({ url }) =>
      HttpResponse.json(customerAccounts(requireQuery(url, 'customerMsisdn'))),
    ),
    route(service, base, 'operationHistory', ({ developer, url }) =>
      HttpResponse.json(
        service.rules.operationHistory(developer.clientId, parseHistoryQuery(url.searchParams)),
      ),
    ),
  ];
}
