/**
 * @module @ussdkit/testing
 *
 * Test helpers for ussdkit apps: an in-process session harness that drives an app like a phone
 * through the gateway (`createHarness`), a flow explorer that finds its faults (`explore`), and msw
 * handlers for the service (`@ussdkit/testing/msw`).
 */
export * from './createHarness';
export * from './explore/index';
export * from './HarnessError';
export type * from './HarnessIdentity';
export * from './HarnessSession';
export * from './HarnessSessionState';
export type * from './HarnessWaiting';
export type * from './UssdHandler';
