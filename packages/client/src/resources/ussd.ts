import {
  serviceEndpoints as endpoints,
  type PushResponse,
  type UssdAppProfile,
} from '@ussdkit/protocol';
import type { RequestOptions } from '../ClientOptions';
import { getEndpoint } from '../internal/getEndpoint';
import { Resource } from '../internal/Resource';
import { checkMsisdn, requireText } from '../internal/validate';

/**
 * Arguments of a USSD push.
 *
 * @example
 * ```ts
 * const params: PushParams = { appId: 'demo-app', msisdn: '08031234567', contextData: 'order-42' };
 * ```
 */
export interface PushParams {
  readonly appId: string;
  /** Any of the five accepted forms; sent as `+234…`. */
  readonly msisdn: string;
  /**
   * Given back to the app in the new-session event's Push input.
   * @defaultValue ''
   */
  readonly contextData?: string;
}

/**
 * The USSD endpoints: push and app profile. Reached as `client.ussd`.
 *
 * @example
 * ```ts
 * const { sessionId } = await client.ussd.push({ appId: 'demo-app', msisdn: '08031234567' });
 * ```
 */
export class UssdResource extends Resource {
  /** `POST /ussd/app/push`: never retried (a push has no idempotency key). */
  async push(params: PushParams, options?: RequestOptions): Promise<PushResponse> {
    const body = {
      appId: requireText('appId', params.appId),
      msisdn: checkMsisdn('msisdn', params.msisdn),
      contextData: params.contextData ?? '',
    };
    const { path, response: schema } = endpoints.push;
    return this.ctx.transport.request({
      method: 'POST',
      path,
      body,
      schema,
      retry: false,
      options,
    });
  }

  /** `GET /ussd/app/{appId}`: the app's URL and short code. */
  async appProfile(appId: string, options?: RequestOptions): Promise<UssdAppProfile> {
    const params = { appId: requireText('appId', appId) };
    return getEndpoint(this.ctx, endpoints.appProfile, { params, options });
  }
}
