/**
 * @module @ussdkit/express
 *
 * Mount a `@ussdkit/router` app in Express: `server.use('/ussd', ussdRouter(app))`.
 */
export * from './ussdRouter';
