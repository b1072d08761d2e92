import { Hono } from 'hono';
import { findPublicDir } from './findPublicDir';
import { type FlowRegistry, flowRegistry } from './flows/flowRegistry';
import { flowRoutes } from './flows/flowRoutes';
import { readStaticAssets, type StaticAsset } from './staticAsset';

/** Options of {@link createWebRoutes}. */
export interface WebRoutesOptions {
  /**
   * The folder served, read once at the first request.
   * @defaultValue the package's `public/` folder (see `findPublicDir`)
   */
  readonly publicDir?: string;
  /** Where the flow maps published to `/sandbox/flows` are kept. @defaultValue a new, empty one */
  readonly flows?: FlowRegistry;
}

/**
 * Revalidate every time: the files are small, unhashed, and change with the installed version;
 * a matching `If-None-Match` gets an empty 304.
 */
const CACHE_CONTROL = 'no-cache';

/**
 * The web phone: serves `GET /` (the page) and the files of `public/` (`/phone.js`,
 * `/phone.css`, ...) with their content types, a strong `ETag` and `Cache-Control: no-cache`,
 * and the flow maps' API under `/sandbox/flows` (the page draws the flow an app published).
 * Any other path falls through to the routes mounted after it (and to the sandbox's JSON 404).
 * Mount it last, after the API routes.
 *
 * @example
 * ```ts
 * const app = new Hono();
 * app.route('/sandbox', sandboxRoutes(services));
 * app.route('/', createWebRoutes());
 * ```
 */
export function createWebRoutes(options: WebRoutesOptions = {}): Hono {
  let assets: Map<string, StaticAsset> | undefined;
  const routes = new Hono();
  routes.route('/sandbox/flows', flowRoutes(options.flows ?? flowRegistry()));
  routes.get('*', async (c, next) => {
    assets ??= readStaticAssets(options.publicDir ?? findPublicDir());
    const asset = assets.get(c.req.path);
    if (asset === undefined) return next();
    const headers = {
      'Cache-Control': CACHE_CONTROL,
      ETag: asset.etag,
      'X-Content-Type-Options': 'nosniff',
    };
    const tags = c.req
      .header('if-none-match')
      ?.split(',')
      .map((tag) => tag.trim());
    if (tags?.includes(asset.etag)) return c.body(null, 304, headers);
    return c.body(asset.body, 200, { ...headers, 'Content-Type': asset.contentType });
  });
  return routes;
}
