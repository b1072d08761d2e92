/**
 * @module @ussdkit/africastalking
 *
 * Serve a `@ussdkit/router` app to Africa's Talking's USSD API: `africasTalking(app)` is a
 * fetch-style handler (Web APIs only: Hono, Cloudflare Workers, Bun, Deno, Node) built on the
 * router's gateway mechanism (`@ussdkit/router/gateway`): Africa's Talking's form requests become
 * the app's text events, its answers `CON …` / `END …`. Express: `@ussdkit/africastalking/express`.
 */
export * from './AfricasTalkingOptions';
export * from './AtNotification';
export * from './AtSessionRequest';
export * from './africasTalking';
export * from './notificationCloseReason';
export * from './UnsupportedOnAfricasTalkingError';
