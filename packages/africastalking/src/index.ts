/**
 * @module @ussdkit/africastalking
 *
 * Serve a `@ussdkit/router` app to Africa's Talking's USSD API: `africasTalking(app)` is a
 * fetch-style handler (Web APIs only: Hono, Cloudflare Workers, Bun, Deno, Node) that turns
 * Africa's Talking's form requests into the router's events and its answers into `CON …` /
 * `END …`. Express: `@ussdkit/africastalking/express`.
 */
export * from './AfricasTalkingOptions';
export * from './AtNotification';
export * from './AtSessionRequest';
export * from './AtSessionStore';
export * from './africasTalking';
export * from './memoryAtSessionStore';
export * from './notificationCloseReason';
export * from './UnsupportedOnAfricasTalkingError';
