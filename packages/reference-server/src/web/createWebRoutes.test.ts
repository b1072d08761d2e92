import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createWebRoutes } from './createWebRoutes';
import { findPublicDir } from './findPublicDir';

/** The web routes mounted after an API route, as the sandbox mounts them. */
function appWith(routes = createWebRoutes()) {
  const app = new Hono();
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.route('/', routes);
  app.notFound((c) => c.json({ code: 'NOT_FOUND', message: 'no route' }, 404));
  return app;
}

describe('createWebRoutes', () => {
  it('serves the page at / and its assets with their content types', async () => {
    const app = appWith();
    const page = await app.request('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<script type="module" src="/phone.js"></script>');
    expect(html).not.toMatch(/https?:\/\//);
    const types = {
      '/index.html': 'text/html; charset=utf-8',
      '/phone.js': 'text/javascript; charset=utf-8',
      '/render.js': 'text/javascript; charset=utf-8',
      '/sandboxApi.js': 'text/javascript; charset=utf-8',
      '/phone.css': 'text/css; charset=utf-8',
    };
    for (const [path, type] of Object.entries(types)) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe(type);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('asks browsers to revalidate, and answers 304 to a matching ETag', async () => {
    const app = appWith();
    const first = await app.request('/phone.js');
    const etag = first.headers.get('etag');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.request('/phone.js', {
      headers: { 'if-none-match': `"other", ${etag}` },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const changed = await app.request('/phone.js', { headers: { 'if-none-match': '"other"' } });
    expect(changed.status).toBe(200);
  });

  it('answers HEAD without a body', async () => {
    const response = await appWith().request('/', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe('');
  });

  it('leaves other paths to the routes around it', async () => {
    const app = appWith();
    expect(await (await app.request('/health')).json()).toEqual({ status: 'ok' });
    for (const path of ['/nope.js', '/../package.json', '/%2e%2e/package.json', '/sandbox/x']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({ code: 'NOT_FOUND', message: 'no route' });
    }
    const post = await app.request('/', { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it('serves another folder when told, only files of known types', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ussdkit-web-'));
    writeFileSync(join(dir, 'index.html'), '<p>hi</p>');
    writeFileSync(join(dir, 'secret.env'), 'KEY=1');
    const app = appWith(createWebRoutes({ publicDir: dir }));
    expect(await (await app.request('/')).text()).toBe('<p>hi</p>');
    expect((await app.request('/secret.env')).status).toBe(404);
  });
});

describe('findPublicDir', () => {
  it('finds public/ from src/web (two levels up) and from dist (one level up)', () => {
    const fromSource = findPublicDir();
    expect(fromSource.endsWith(join('reference-server', 'public'))).toBe(true);
    const packageRoot = join(fromSource, '..');
    expect(findPublicDir(join(packageRoot, 'dist'))).toBe(fromSource);
  });

  it('says where it looked when the folder is missing', () => {
    const empty = mkdtempSync(join(tmpdir(), 'ussdkit-none-'));
    expect(() => findPublicDir(join(empty, 'a', 'b'))).toThrow(/public\/ folder is missing/);
  });
});
