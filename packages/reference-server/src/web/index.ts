/**
 * @module
 * The web phone of the sandbox: static routes serving `public/`.
 */
export { createWebRoutes, type WebRoutesOptions } from './createWebRoutes';
export { findPublicDir } from './findPublicDir';
export { type FlowRegistry, flowRegistry } from './flows/flowRegistry';
export * from './flows/PublishedFlow';
export { contentTypes, readStaticAssets, type StaticAsset } from './staticAsset';
