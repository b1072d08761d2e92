import { type ClientProfile, serviceEndpoints as endpoints } from '@ussdkit/protocol';
import type { RequestOptions } from '../ClientOptions';
import type { ResourceContext } from '../internal/ResourceContext';

/**
 * The developer's own profile. Reached as `client.clientInfo`.
 *
 * @example
 * ```ts
 * const { name, callback } = await client.clientInfo.get();
 * ```
 */
export class ClientInfoResource {
  readonly #ctx: ResourceContext;

  constructor(ctx: ResourceContext) {
    this.#ctx = ctx;
  }

  /** `GET /client/info`. */
  async get(options?: RequestOptions): Promise<ClientProfile> {
    const { path, response: schema } = endpoints.clientInfo;
    return this.#ctx.transport.request({ method: 'GET', path, schema, retry: true, options });
  }
}
