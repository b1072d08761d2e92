// examples/from-ussd-menu-builder/src/quick-example/hubtelServer.ts: the port served on Hubtel
import { hubtel } from '@ussdkit/gateways';
import { toNodeHandler } from '@ussdkit/router/node';
import express from 'express';
import type { Services } from '../services';
import { quickExampleApp } from './port';

/**
 * The Quick Example's port on Express, at the URL registered with Hubtel (with
 * `?secret=<secret>` when one is given). The original answered the same URL with
 * `menu.run(req.body, (resMsg) => res.json(resMsg))` and a `sessionConfig` to keep the route;
 * the port keeps its sessions in the app's store.
 */
export function hubtelServer(services: Services, secret?: string): express.Express {
  const server = express();
  server.post('/ussd/hubtel', toNodeHandler(hubtel(quickExampleApp(services), { secret })));
  return server;
}
