/**
 * @module @ussdkit/africastalking/express
 *
 * `africasTalkingExpress(app)`: the Africa's Talking handler as Express middleware, converting
 * Node's request and response. A subpath of its own, so that the main entry needs no Node
 * built-in and Express stays an optional peer dependency.
 */
export * from './africasTalkingExpress';
