import { UssdkitError } from './errors';

/**
 * The client's options are wrong: thrown by the `UssdkitClient` constructor, before any request.
 * For example a `baseUrl` that is not an http(s) URL, an unknown `transport`, or a `fetch`
 * option together with `transport: 'undici'` (undici's `request()` never calls a fetch function).
 *
 * @example
 * ```ts
 * try {
 *   new UssdkitClient({ baseUrl, clientId, clientSecret, transport: 'undici', fetch: myFetch });
 * } catch (error) {
 *   if (error instanceof ClientConfigurationError) console.log(error.option); // 'fetch'
 * }
 * ```
 */
export class ClientConfigurationError extends UssdkitError {
  override name = 'ClientConfigurationError';
  readonly code = 'CLIENT_CONFIGURATION';
  /** The name of the wrong option, e.g. `baseUrl`, `transport` or `fetch`. */
  readonly option: string;

  constructor(option: string, message: string) {
    super(`Invalid client option ${option}: ${message}`);
    this.option = option;
  }
}
