/**
 * @module @ussdkit/hono
 *
 * Mount a `@ussdkit/router` app in Hono: `server.route('/ussd', ussdHono(app))`.
 */
export * from './ussdHono';
