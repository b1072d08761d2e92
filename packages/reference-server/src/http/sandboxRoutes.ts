import { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxServices } from '../core/SandboxServices';
import { sandboxHistoryEntry } from '../rules/index';
import { readJson } from './readJson';
import { sandboxAppRoutes } from './sandboxAppRoutes';
import { sandboxDeveloperRoutes } from './sandboxDeveloperRoutes';
import { sandboxFaultRoutes } from './sandboxFaultRoutes';

const advanceSchema = z.object({
  seconds: z
    .number()
    .finite()
    .nonnegative()
    .max(366 * 86_400),
});

/**
 * The sandbox API that is the server core's (docs/reference-server.md, "Sandbox API"; docs/decisions/0010-reference-server.md): developers, apps, the clock,
 * the callback log and the operation history. No client credentials.
 *
 * @example
 * ```ts
 * app.route('/sandbox', sandboxRoutes(services));
 * ```
 */
export function sandboxRoutes(services: SandboxServices): Hono {
  const app = new Hono();
  app.route('/developers', sandboxDeveloperRoutes(services));
  app.route('/apps', sandboxAppRoutes(services));
  app.route('/apps', sandboxFaultRoutes(services));

  app.post('/clock/advance', async (c) => {
    const { seconds } = await readJson(c, advanceSchema, 'clock advance');
    const now = await services.clock.advance(seconds);
    return c.json({ now: now / 1000 });
  });

  app.get('/callbacks', (c) =>
    c.json(services.callbackLog.list({ operationId: c.req.query('operationId') })),
  );

  app.get('/history', (c) => {
    const clientId = c.req.query('clientId');
    const kept = services.rules.history.list(services.clock.now());
    return c.json(
      kept
        .filter((entry) => clientId === undefined || entry.clientId === clientId)
        .map(sandboxHistoryEntry),
    );
  });
  return app;
}
