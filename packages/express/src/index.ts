/**
 * @module @ussdkit/express
 *
 * Mount a @ussdkit/router app in Express
 */
export {};
