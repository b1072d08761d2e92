/**
 * @module @ussdkit/hono
 *
 * Mount a @ussdkit/router app in Hono
 */
export {};
