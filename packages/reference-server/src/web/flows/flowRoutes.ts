import { Hono } from 'hono';
import { z } from 'zod';
import { ServiceError } from '../../core/ServiceError';
import { queryOf, readJson } from '../../http/readJson';
import type { FlowRegistry } from './flowRegistry';
import { publishedFlowSchema } from './PublishedFlow';

const screenSchema = z.object({ screen: z.string().min(1).max(200) });

/**
 * The flow maps' API, under `/sandbox/flows` (docs/dev.md, "The flow map"):
 * `GET /` lists the apps that published a flow; `PUT /{appId}` publishes one
 * (`{graph, problems?}`: `app.graph` and the explorer's problems); `PUT /{appId}/sessions/{id}`
 * says which screen a session is on (`{screen}`); `GET /{appId}?session={id}` answers the flow
 * with that session's screen. 404 `NO_FLOW` for an app that published none.
 *
 * @example
 * ```ts
 * app.route('/sandbox/flows', flowRoutes(flowRegistry()));
 * ```
 */
export function flowRoutes(flows: FlowRegistry): Hono {
  const routes = new Hono();
  // Its own errors answered here: the web routes are also mounted in front of other apps.
  routes.onError((error, c) => {
    if (!(error instanceof ServiceError)) throw error;
    return c.json(error.toBody(), error.status);
  });
  routes.get('/', (c) => c.json({ appIds: flows.appIds() }));
  routes.get('/:appId', (c) => {
    const appId = c.req.param('appId');
    const flow = flows.get(appId);
    if (flow === undefined) {
      throw new ServiceError(
        404,
        'NO_FLOW',
        `app "${appId}" published no flow: ussdkit dev publishes its app's, or PUT /sandbox/flows/${appId} with {graph, problems} (docs/dev.md)`,
      );
    }
    const session = queryOf(c).get('session');
    const screen = session === null ? undefined : flows.screenOf(appId, session);
    return c.json({ appId, ...flow, ...(screen === undefined ? {} : { screen }) });
  });
  routes.put('/:appId', async (c) => {
    const flow = await readJson(c, publishedFlowSchema, 'flow');
    flows.publish(c.req.param('appId'), flow);
    return c.json({ appId: c.req.param('appId'), screens: flow.graph.nodes.length });
  });
  routes.put('/:appId/sessions/:sessionId', async (c) => {
    const { screen } = await readJson(c, screenSchema, 'screen');
    flows.screen(c.req.param('appId'), c.req.param('sessionId'), screen);
    return c.json({ screen });
  });
  return routes;
}
