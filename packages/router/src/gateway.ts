/**
 * @module @ussdkit/router/gateway
 *
 * Serving an app on a USSD provider's own callback protocol: `defineGateway` turns a declaration
 * (how the provider's requests become text events, how an answer is written back) into an
 * adapter; the sessions, the caller checks, body reading and errors are the router's. Web APIs
 * only: it runs wherever the main entry does.
 */
export * from './gateway/defineGateway';
export * from './gateway/GatewayDeclaration';
export * from './gateway/UnsupportedOnGatewayError';
