/**
 * @module
 * The web phone of the sandbox: static routes serving `public/`.
 */
export { createWebRoutes, type WebRoutesOptions } from './createWebRoutes';
export { findPublicDir } from './findPublicDir';
export { contentTypes, readStaticAssets, type StaticAsset } from './staticAsset';
