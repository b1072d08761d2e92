import { ClientConfigurationError } from '../ClientConfigurationError';
import type { ClientOptions } from '../ClientOptions';

/** Throws {@link ClientConfigurationError} for options the client cannot work with. */
export function checkOptions(options: ClientOptions): void {
  if (!/^https?:\/\//.test(options.baseUrl)) {
    throw new ClientConfigurationError(
      'baseUrl',
      `baseUrl must be an http(s) URL, got "${options.baseUrl}"`,
    );
  }
  const transport: unknown = options.transport ?? 'auto';
  if (transport !== 'auto' && transport !== 'fetch' && transport !== 'undici') {
    throw new ClientConfigurationError(
      'transport',
      `transport must be 'auto', 'fetch' or 'undici', got ${JSON.stringify(transport)}`,
    );
  }
  if (transport === 'undici' && options.fetch !== undefined) {
    throw new ClientConfigurationError(
      'fetch',
      "a fetch function cannot be used with transport: 'undici' (it sends with undici's request()); drop one of them",
    );
  }
}
