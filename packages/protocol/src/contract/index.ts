/**
 * @module @ussdkit/protocol/contract
 *
 * Validation against the upstream OpenAPI document (1.6.4, shipped inside this package) of the
 * four app endpoints, with its known errors patched in one place. For tests: ours, and users' who want to check what their app
 * answers. Needs the optional peer dependency `ajv`.
 */
export * from './createUpstreamValidator';
export * from './patchUpstreamDocument';
export * from './upstreamDocument';
