import { Hono } from 'hono';
import {
  type Developer,
  developerConfigSchema,
  developerPatchSchema,
} from '../config/developerConfig';
import { badRequest, notFound, ServiceError } from '../core/ServiceError';
import type { ServiceCore } from '../service/ServiceCore';
import { ownerCredentials } from './ownerCredentials';
import { readJson } from './readJson';

const newDeveloperSchema = developerConfigSchema.extend({
  clientId: developerConfigSchema.shape.clientId.optional(),
  clientSecret: developerConfigSchema.shape.clientSecret.optional(),
});

const token = (prefix: string, bytes: number) =>
  `${prefix}${Array.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')}`;

/** A developer as answered without its credentials: everything but the secret. */
function withoutSecret({
  clientSecret: _secret,
  ...developer
}: Developer): Omit<Developer, 'clientSecret'> {
  return developer;
}

/**
 * `POST /sandbox/developers`, `PATCH /sandbox/developers/{clientId}` and (an addition to the
 * design's table) `GET /sandbox/developers/{clientId}`. The client secret is answered once, in the
 * 201 of the registration; `GET` shows it again only to a request with that developer's own
 * `X-Client-Id` / `X-Client-Secret`, and `PATCH` never (docs/security.md).
 *
 * @example
 * ```ts
 * app.route('/sandbox/developers', sandboxDeveloperRoutes(core));
 * ```
 */
export function sandboxDeveloperRoutes({ developers }: ServiceCore): Hono {
  const app = new Hono();

  app.post('/', async (c) => {
    const body = await readJson(c, newDeveloperSchema, 'developer');
    const developer: Developer = {
      ...body,
      clientId: body.clientId ?? token('client-', 6),
      clientSecret: body.clientSecret ?? token('secret-', 16),
    };
    if (developers.get(developer.clientId)) {
      throw new ServiceError(409, 'CONFLICT', `developer "${developer.clientId}" already exists`);
    }
    developers.put(developer);
    return c.json(developer, 201);
  });

  app.get('/:clientId', (c) => {
    const developer = developers.get(c.req.param('clientId'));
    if (!developer) throw notFound(`no developer "${c.req.param('clientId')}"`);
    const own = ownerCredentials(
      c,
      developers,
      developer.clientId,
      `developer ${developer.clientId}`,
    );
    return c.json(own ? developer : withoutSecret(developer));
  });

  app.patch('/:clientId', async (c) => {
    const clientId = c.req.param('clientId');
    const developer = developers.get(clientId);
    if (!developer) throw notFound(`no developer "${clientId}"`);
    const {
      callbackUrl,
      clientId: newId,
      ...patch
    } = await readJson(c, developerPatchSchema, 'developer');
    if (newId !== undefined && newId !== clientId) {
      throw badRequest('Invalid developer: clientId: cannot be changed');
    }
    // In place: a developer read before (the msw handlers' `service.developers`) sees the change.
    developers.update(clientId, (updated) => {
      for (const [key, value] of Object.entries(patch)) {
        if (value !== undefined) Object.assign(updated, { [key]: value });
      }
      if (callbackUrl === null) delete updated.callbackUrl;
      else if (callbackUrl !== undefined) updated.callbackUrl = callbackUrl;
    });
    return c.json(withoutSecret(developer));
  });
  return app;
}
