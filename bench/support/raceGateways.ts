import type { GatewayHandler } from '@ussdkit/router/gateway';
import type { RequestHandler } from 'express';
import type { ussdkitFlow } from './ussdkitFlow';

/** The flow's app, as the gateways take it. */
type FlowApp = ReturnType<typeof ussdkitFlow>;

/**
 * A text gateway in the race against ussd-menu-builder: how the same app is mounted on Express
 * and on Hono, and which session model the load generator speaks to it (`sessionLoad.ts`).
 */
export interface RaceGateway {
  /** Used in server kinds: `<name>-express`, `<name>-hono`. */
  readonly name: string;
  readonly label: string;
  /** The load generator's model of a session on this gateway (see `sessionLoad.ts`). */
  readonly protocol: 'africasTalking' | 'hubtel';
  /**
   * The server kind of ussd-menu-builder in this gateway's mode, when it has one (Hubtel):
   * raced too, like for like; the targets are against its Africa's Talking mode (`umb`) all the
   * same, as the issue poses them.
   */
  readonly incumbent?: { readonly kind: string; readonly label: string };
  /** The path the gateway posts to. */
  readonly path: string;
  /** The gateway's Express middleware, as its README mounts it. */
  express(app: FlowApp): Promise<RequestHandler>;
  /** The gateway's web handler, for Hono. */
  web(app: FlowApp): Promise<GatewayHandler>;
}

/**
 * The gateways raced. Each is held to the same targets: >= 1.0x ussd-menu-builder on Express,
 * >= 2.0x on Hono. Another gateway is one more entry here, with its session model added to
 * `sessionLoad.ts` if it is not one of those. Imported lazily, so that a server child loads only
 * the packages it serves.
 */
export const raceGateways: readonly RaceGateway[] = [
  {
    name: 'at',
    label: '@ussdkit/africastalking',
    protocol: 'africasTalking',
    path: '/ussd',
    express: async (app) =>
      (await import('@ussdkit/africastalking/express')).africasTalkingExpress(app),
    web: async (app) => (await import('@ussdkit/africastalking')).africasTalking(app),
  },
  {
    name: 'hubtel',
    label: '@ussdkit/gateways hubtel',
    protocol: 'hubtel',
    incumbent: { kind: 'umb-hubtel', label: 'ussd-menu-builder 1.2.0 on Express, Hubtel mode' },
    path: '/ussd',
    // As the package's README mounts it on Express: the router's Node bridge.
    express: async (app) => {
      const { hubtel } = await import('@ussdkit/gateways');
      const { toNodeHandler } = await import('@ussdkit/router/node');
      return toNodeHandler(hubtel(app));
    },
    web: async (app) => (await import('@ussdkit/gateways')).hubtel(app),
  },
];
