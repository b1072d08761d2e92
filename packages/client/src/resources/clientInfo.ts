import { type ClientProfile, serviceEndpoints as endpoints } from '@ussdkit/protocol';
import type { RequestOptions } from '../ClientOptions';
import { getEndpoint } from '../internal/getEndpoint';
import { Resource } from '../internal/Resource';

/**
 * The developer's own profile. Reached as `client.clientInfo`.
 *
 * @example
 * ```ts
 * const { name, callback } = await client.clientInfo.get();
 * ```
 */
export class ClientInfoResource extends Resource {
  /** `GET /client/info`. */
  async get(options?: RequestOptions): Promise<ClientProfile> {
    return getEndpoint(this.ctx, endpoints.clientInfo, { options });
  }
}
