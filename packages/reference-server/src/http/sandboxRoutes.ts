import { Hono } from 'hono';
import { z } from 'zod';
import { sandboxHistoryEntry } from '../rules/index';
import type { ServiceCore } from '../service/ServiceCore';
import { readJson } from './readJson';
import { sandboxDeveloperRoutes } from './sandboxDeveloperRoutes';

const advanceSchema = z.object({
  seconds: z
    .number()
    .finite()
    .nonnegative()
    .max(366 * 86_400),
});

/**
 * The sandbox API of the service itself (docs/reference-server.md, "Sandbox API";
 * docs/decisions/0010-reference-server.md): developers, the clock, the callback log and the
 * operation history, which the msw handlers answer too. The sandbox adds its apps, faults,
 * sessions and phones. No client credentials.
 *
 * @example
 * ```ts
 * app.route('/sandbox', sandboxRoutes(core));
 * ```
 */
export function sandboxRoutes(core: ServiceCore): Hono {
  const app = new Hono();
  app.route('/developers', sandboxDeveloperRoutes(core));

  app.post('/clock/advance', async (c) => {
    const { seconds } = await readJson(c, advanceSchema, 'clock advance');
    const now = await core.clock.advance(seconds);
    return c.json({ now: now / 1000 });
  });

  app.get('/callbacks', (c) =>
    c.json(core.callbackLog.list({ operationId: c.req.query('operationId') })),
  );

  app.get('/history', (c) => {
    const clientId = c.req.query('clientId');
    const kept = core.rules.history.list(core.clock.now());
    return c.json(
      kept
        .filter((entry) => clientId === undefined || entry.clientId === clientId)
        .map(sandboxHistoryEntry),
    );
  });
  return app;
}
