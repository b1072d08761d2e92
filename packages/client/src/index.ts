/**
 * @module @ussdkit/client
 *
 * Typed client for the USSD and acquire service: acquire flows, operator products, push,
 * profiles, merchant payments and the operation history, with typed errors, safe retries, a `buy()` helper, status polling and callback
 * parsing. Uses `globalThis.fetch` by default, so msw intercepts it in tests;
 * `transport: 'undici'` (undici's `request()` over a client-owned pool) is the production choice.
 */
export { normalizeMsisdn } from '@ussdkit/protocol';
export * from './buy';
export * from './ClientConfigurationError';
export * from './ClientOptions';
export * from './createCallbackHandler';
export * from './errors';
export * from './InvalidCallbackError';
export * from './parseCallback';
export * from './resources/acquire';
export * from './resources/clientInfo';
export * from './resources/merchant';
export * from './resources/operations';
export * from './resources/operatorProducts';
export * from './resources/ussd';
export * from './SeenStore';
export * from './UssdkitClient';
export * from './waitForResult';
