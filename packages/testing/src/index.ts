/**
 * @module @ussdkit/testing
 *
 * Test helpers for ussdkit apps: msw handlers for the service and an in-process session harness
 */
export {};
