import { isMsisdn, pushRequestSchema } from '@ussdkit/protocol';
import { type HttpHandler, HttpResponse } from 'msw';
import type { MockService } from '../MockService';
import { MockHttpError, param, readJson, requirePermission, route } from './http';

/** A recovery short code `*<main>*<appCode>*<5 digits>#` (the digits at random, as the gateway's). */
export function recoveryCode(mainCode: string, appCode: string): string {
  const digits = String(Math.floor(Math.random() * 100_000)).padStart(5, '0');
  return `*${mainCode}*${appCode}*${digits}#`;
}

/** Handlers of push, app profile and client info. */
export function ussdHandlers(service: MockService, base: string): HttpHandler[] {
  return [
    route(service, base, 'push', async ({ developer, request }) => {
      requirePermission(developer, 'PUSH');
      const body = await readJson(request, pushRequestSchema, 'push request');
      const app = service.apps.get(body.appId);
      if (app === undefined || app.clientId !== developer.clientId) {
        throw new MockHttpError(400, 'APP_NOT_FOUND', `no app ${body.appId} of yours`);
      }
      if (!isMsisdn(body.msisdn)) {
        throw new MockHttpError(400, 'BAD_REQUEST', `invalid msisdn ${body.msisdn}`);
      }
      if (developer.virtualPurse < 1) {
        throw new MockHttpError(
          400,
          'INSUFFICIENT_BALANCE_IN_VIRTUAL_PURSE',
          'a push costs 1 from the virtual purse',
        );
      }
      developer.virtualPurse -= 1;
      const sessionId = crypto.randomUUID();
      const recoveryShortcode = developer.permissions.includes('RECOVERY')
        ? recoveryCode(service.mainCode, app.appCode)
        : undefined;
      service.rules.recordPush({
        clientId: developer.clientId,
        appId: app.appId,
        msisdn: body.msisdn,
        sessionId,
        ...(recoveryShortcode === undefined ? {} : { recoveryShortcode }),
        at: service.now() / 1000,
      });
      return HttpResponse.json(
        recoveryShortcode === undefined ? { sessionId } : { sessionId, recoveryShortcode },
      );
    }),
    route(service, base, 'appProfile', (context) => {
      const app = service.apps.get(param(context, 'appId'));
      if (app === undefined || app.clientId !== context.developer.clientId) {
        throw new MockHttpError(
          404,
          'APP_NOT_FOUND',
          `no app "${param(context, 'appId')}" of this developer`,
        );
      }
      return HttpResponse.json({
        appId: app.appId,
        url: app.url,
        shortcode: `${service.mainCode}*${app.appCode}`,
      });
    }),
    route(service, base, 'clientInfo', ({ developer }) => {
      const { msisdn, callbackUrl, name, emailAddress, country } = developer;
      return HttpResponse.json({
        msisdn,
        callback: callbackUrl ?? '',
        name,
        emailAddress,
        country,
      });
    }),
  ];
}
