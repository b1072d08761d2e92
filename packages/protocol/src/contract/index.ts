/**
 * @module @ussdkit/protocol/contract
 *
 * Validation against the upstream OpenAPI document of the four app endpoints, with its known
 * errors patched in one place. For tests: ours, and users' who want to check what their app
 * answers. Needs the optional peer dependency `ajv`.
 */
export * from './createUpstreamValidator';
export * from './findUpstreamDocument';
export * from './patchUpstreamDocument';
