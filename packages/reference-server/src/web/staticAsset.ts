import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';

/** One file of the web phone, read once and served from memory. */
export interface StaticAsset {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly contentType: string;
  /** A strong validator: the SHA-1 of the content, quoted. */
  readonly etag: string;
}

/** Content types of the files the web phone is made of. */
export const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
};

/**
 * Reads every file directly in `dir` whose extension has a known content type, keyed by its
 * URL path (`/phone.js`); `index.html` is also served as `/`. Sub-folders are not served.
 *
 * @example
 * ```ts
 * const assets = readStaticAssets(findPublicDir());
 * assets.get('/')?.contentType; // "text/html; charset=utf-8"
 * ```
 */
export function readStaticAssets(dir: string): Map<string, StaticAsset> {
  const assets = new Map<string, StaticAsset>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const contentType = contentTypes[extname(entry.name)];
    if (!entry.isFile() || contentType === undefined) continue;
    const body = new Uint8Array(readFileSync(join(dir, entry.name)));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const asset = { body, contentType, etag };
    assets.set(`/${entry.name}`, asset);
    if (entry.name === 'index.html') assets.set('/', asset);
  }
  return assets;
}
