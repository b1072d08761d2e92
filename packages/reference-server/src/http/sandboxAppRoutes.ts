import { Hono } from 'hono';
import { z } from 'zod';
import { type App, appConfigSchema, appProtocolProblem } from '../config/appConfig';
import { badRequest, notFound, ServiceError } from '../core/ServiceError';
import { shownUrl } from '../gateway/apps/shownUrl';
import type { ServiceCore } from '../service/ServiceCore';
import { ownerCredentials } from './ownerCredentials';
import { readJson } from './readJson';

const newAppSchema = appConfigSchema.extend({
  appId: appConfigSchema.shape.appId.optional(),
  appCode: appConfigSchema.shape.appCode.optional(),
});

const appPatchSchema = z.object({
  url: appConfigSchema.shape.url.optional(),
  // null used to remove the token; every app has one now, so null is refused with a reason.
  authToken: z.string().min(1).nullable().optional(),
  answerTimeoutMs: z.number().int().positive().max(60_000).optional(),
  protocol: appConfigSchema.shape.protocol.unwrap().optional(),
  // null removes the notifications URL.
  notificationsUrl: appConfigSchema.shape.notificationsUrl.unwrap().nullable().optional(),
});

/** 400 naming the field when the app's protocol and notifications URL do not go together. */
function checkProtocol(app: App): void {
  const problem = appProtocolProblem(app);
  if (problem !== undefined) throw badRequest(`Invalid app: ${problem.field}: ${problem.message}`);
}

/**
 * `POST /sandbox/apps`, `GET /sandbox/apps/{appId}` and `PATCH /sandbox/apps/{appId}`; they answer
 * `{appId, clientId, url, shortcode}` with `shortcode` = `<mainCode>*<appCode>`.
 * The app's `authToken` (the one given or, without one, a generated one) is the developer's
 * secret: answered in the 201 of the registration, and by `GET` only to a request with the
 * developer's own `X-Client-Id` / `X-Client-Secret` (how to learn a token generated for an app
 * of a configuration; docs/security.md). The query of the URLs of an app of another gateway's
 * protocol (Africa's Talking, Hubtel…), where its adapter's `secret` goes, is a secret alike: other
 * answers show it as `?…`.
 *
 * @example
 * ```ts
 * app.route('/sandbox/apps', sandboxAppRoutes(core));
 * ```
 */
export function sandboxAppRoutes({
  apps,
  developers,
  mainCode,
}: Pick<ServiceCore, 'apps' | 'developers' | 'mainCode'>): Hono {
  const app = new Hono();
  const view = (a: App, own = false) => {
    // No gateway but the native one sends a token: a secret travels in the URLs' query instead.
    const shown = (url: string) => (own || a.protocol === 'native' ? url : shownUrl(url));
    return {
      appId: a.appId,
      clientId: a.clientId,
      url: shown(a.url),
      shortcode: `${mainCode}*${a.appCode}`,
      // A native app's view stays as it was before apps had a protocol.
      ...(a.protocol === 'native' ? {} : { protocol: a.protocol }),
      ...(a.notificationsUrl === undefined ? {} : { notificationsUrl: shown(a.notificationsUrl) }),
    };
  };
  const nextCode = () => {
    const codes = apps.list().map((a) => Number.parseInt(a.appCode, 10));
    return String(Math.max(0, ...codes.filter(Number.isFinite)) + 1);
  };

  app.post('/', async (c) => {
    const body = await readJson(c, newAppSchema, 'app');
    if (!developers.get(body.clientId)) {
      throw badRequest(`Invalid app: clientId: no developer "${body.clientId}"`);
    }
    const created: App = {
      ...body,
      appId: body.appId ?? `app-${apps.list().length + 1}-${Date.now().toString(36)}`,
      appCode: body.appCode ?? nextCode(),
    };
    checkProtocol(created);
    if (apps.get(created.appId)) {
      throw new ServiceError(409, 'CONFLICT', `app "${created.appId}" already exists`);
    }
    if (apps.byCode(created.appCode)) {
      throw new ServiceError(409, 'CONFLICT', `app code "${created.appCode}" is taken`);
    }
    apps.put(created);
    return c.json({ ...view(created, true), authToken: created.authToken }, 201);
  });

  app.get('/:appId', (c) => {
    const found = apps.get(c.req.param('appId'));
    if (!found) throw notFound(`no app "${c.req.param('appId')}"`);
    const own = ownerCredentials(c, developers, found.clientId, `app ${found.appId}`);
    return c.json(own ? { ...view(found, true), authToken: found.authToken } : view(found));
  });

  app.patch('/:appId', async (c) => {
    const existing = apps.get(c.req.param('appId'));
    if (!existing) throw notFound(`no app "${c.req.param('appId')}"`);
    const patch = await readJson(c, appPatchSchema, 'app');
    const { url, authToken, answerTimeoutMs, protocol, notificationsUrl } = patch;
    if (authToken === null) {
      throw badRequest(
        'Invalid app: authToken: every app has a token, sent as the Authorization header of every request to it; give the new token instead of null',
      );
    }
    const updated: App = { ...existing };
    if (url !== undefined) updated.url = url;
    if (answerTimeoutMs !== undefined) updated.answerTimeoutMs = answerTimeoutMs;
    if (authToken !== undefined) updated.authToken = authToken;
    if (protocol !== undefined) updated.protocol = protocol;
    if (notificationsUrl === null) delete updated.notificationsUrl;
    else if (notificationsUrl !== undefined) updated.notificationsUrl = notificationsUrl;
    checkProtocol(updated);
    apps.put(updated);
    return c.json(view(updated));
  });
  return app;
}
