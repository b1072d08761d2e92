/**
 * @module @ussdkit/testing/msw
 *
 * msw handlers that mock every endpoint of the service, with the reference server's demo
 * catalogue, test triggers and overridable outcomes, so code that calls `@ussdkit/client` is
 * tested without a server.
 */
export * from './AcquireOutcome';
export * from './ForcedError';
export * from './MockRecords';
export * from './MockService';
export * from './mockCatalogue';
export * from './ServiceHandlersOptions';
export * from './serviceHandlers';
