/**
 * @module @ussdkit/testing/msw
 *
 * msw handlers that mock every endpoint of the service.
 */
export {};
