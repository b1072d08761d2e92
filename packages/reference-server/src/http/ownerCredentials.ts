import type { Context } from 'hono';
import type { DeveloperRepository } from '../core/DeveloperRepository';
import { ownerCredentials as ownerCredentialsRule } from '../rules/index';
import { sameSecret } from './authenticate';

/**
 * The rules' {@link ownerCredentialsRule} on a sandbox API request: whether it carries developer
 * `clientId`'s own credentials, which show that developer's secrets (401 or 403 for wrong or
 * foreign ones).
 *
 * @example
 * ```ts
 * const own = ownerCredentials(c, developers, app.clientId, `app ${app.appId}`);
 * return c.json(own ? { ...view(app), authToken: app.authToken } : view(app));
 * ```
 */
export function ownerCredentials(
  c: Context,
  developers: DeveloperRepository,
  clientId: string,
  what: string,
): boolean {
  return ownerCredentialsRule({
    clientId: c.req.header('x-client-id'),
    clientSecret: c.req.header('x-client-secret'),
    owner: clientId,
    what,
    secretOf: (id) => developers.get(id)?.clientSecret,
    sameSecret,
  });
}
