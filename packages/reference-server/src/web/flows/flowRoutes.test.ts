import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createWebRoutes } from '../createWebRoutes';

const graph = {
  start: 'menu',
  nodes: [
    { name: 'menu', kind: 'chooser' },
    { name: 'bye', kind: 'info' },
  ],
  edges: [{ from: 'menu', to: 'bye', label: '1 Bye' }],
  entries: [],
};

/** The web routes as the sandbox mounts them, with its JSON errors. */
function sandbox() {
  const app = new Hono();
  app.route('/', createWebRoutes());
  app.onError((error, c) => {
    const { status = 500, code = 'INTERNAL' } = error as { status?: number; code?: string };
    return c.json({ code, message: error.message }, status as 400);
  });
  const call = (method: string, path: string, body?: unknown) =>
    app.request(path, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return { call };
}

describe('the flow maps API, /sandbox/flows', () => {
  it('keeps a published flow and the screen of each session', async () => {
    const { call } = sandbox();
    const problems = [{ kind: 'stuck', screen: 'menu', message: 'no way out' }];
    expect((await call('PUT', '/sandbox/flows/shop', { graph, problems })).status).toBe(200);
    expect((await call('PUT', '/sandbox/flows/shop/sessions/s-1', { screen: 'bye' })).status).toBe(
      200,
    );
    expect(await (await call('GET', '/sandbox/flows')).json()).toEqual({ appIds: ['shop'] });
    expect(await (await call('GET', '/sandbox/flows/shop?session=s-1')).json()).toEqual({
      appId: 'shop',
      graph,
      problems,
      screen: 'bye',
    });
    // Another session, or none: no screen.
    const other = await (await call('GET', '/sandbox/flows/shop?session=s-2')).json();
    expect(other).not.toHaveProperty('screen');
  });

  it('answers 404 NO_FLOW for an app that published none, saying how to publish one', async () => {
    const response = await sandbox().call('GET', '/sandbox/flows/nobody');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      code: 'NO_FLOW',
      message:
        'app "nobody" published no flow: ussdkit dev publishes its app\'s, or PUT /sandbox/flows/nobody with {graph, problems} (docs/dev.md)',
    });
  });

  it('refuses a flow that is not a graph with 400, naming the field', async () => {
    const response = await sandbox().call('PUT', '/sandbox/flows/shop', {
      graph: { ...graph, nodes: [{ name: 'menu' }] },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /graph\.nodes\.0\.kind/,
    );
  });
});
