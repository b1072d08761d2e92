import { pushRequestSchema } from '@ussdkit/protocol';
import { Hono } from 'hono';
import { ServiceError } from '../core/ServiceError';
import type { ServiceCore } from '../service/ServiceCore';
import { authenticate, requirePermission, type ServiceEnv } from './authenticate';
import { readJson } from './readJson';

/**
 * `POST /ussd/app/push` (needs PUSH; starts the session, through the gateway in the sandbox, and
 * records the push in the history) and `GET /ussd/app/{appId}` (the developer's own apps only).
 *
 * @example
 * ```ts
 * app.route('/ussd/app', ussdRoutes(core));
 * ```
 */
export function ussdRoutes(core: ServiceCore): Hono<ServiceEnv> {
  const { apps, sessions, rules, clock, mainCode } = core;
  const app = new Hono<ServiceEnv>();
  app.use('*', authenticate(core.developers));

  app.post('/push', async (c) => {
    const developer = c.var.developer;
    requirePermission(developer, 'PUSH');
    const request = await readJson(c, pushRequestSchema, 'push request');
    const target = apps.get(request.appId);
    if (!target || target.clientId !== developer.clientId) {
      throw new ServiceError(400, 'APP_NOT_FOUND', `no app "${request.appId}" of this developer`);
    }
    const answer = await sessions.push({ clientId: developer.clientId, ...request });
    if (!answer.ok) throw new ServiceError(answer.status, answer.code, answer.message);
    rules.recordPush({
      clientId: developer.clientId,
      appId: request.appId,
      msisdn: request.msisdn,
      sessionId: answer.sessionId,
      ...(answer.recoveryShortcode === undefined
        ? {}
        : { recoveryShortcode: answer.recoveryShortcode }),
      at: clock.now() / 1000,
    });
    return c.json({
      sessionId: answer.sessionId,
      ...(answer.recoveryShortcode === undefined
        ? {}
        : { recoveryShortcode: answer.recoveryShortcode }),
    });
  });

  app.get('/:appId', (c) => {
    const found = apps.get(c.req.param('appId'));
    if (!found || found.clientId !== c.var.developer.clientId) {
      throw new ServiceError(
        404,
        'APP_NOT_FOUND',
        `no app "${c.req.param('appId')}" of this developer`,
      );
    }
    return c.json({
      appId: found.appId,
      url: found.url,
      shortcode: `${mainCode}*${found.appCode}`,
    });
  });
  return app;
}
