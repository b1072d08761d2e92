import { z } from 'zod';
import { generateAuthToken } from './generateAuthToken';

/**
 * The protocols the sandbox's gateway speaks to apps: its own (`native`, the four JSON events)
 * and the callback protocols of the gateways ussdkit serves (`africastalking`, `hubtel`,
 * `arkesel`, `nalo`, `beem`, `infobip`; docs/reference-server.md, decision 0045).
 *
 * @example
 * ```ts
 * appProtocolSchema.parse('hubtel'); // 'hubtel'
 * ```
 */
export const appProtocolSchema = z.enum([
  'native',
  'africastalking',
  'hubtel',
  'arkesel',
  'nalo',
  'beem',
  'infobip',
]);

/**
 * A developer's USSD app, as written in a configuration file. Dialled as
 * `*<mainCode>*<appCode>#`; the gateway appends `/ussdSessionEvent/<event>` to `url`.
 *
 * @example
 * ```json
 * { "appId": "shop-app", "clientId": "shop", "appCode": "12", "url": "http://127.0.0.1:3000/ussd" }
 * ```
 */
export const appConfigSchema = z.object({
  appId: z.string().min(1),
  clientId: z.string().min(1),
  appCode: z.string().regex(/^[0-9]+$/, 'must be digits only'),
  url: z.url({ protocol: /^https?$/ }),
  /**
   * Sent as the raw `Authorization` header value with every request to the app.
   * @defaultValue a random token ({@link generateAuthToken}), answered by `POST /sandbox/apps`
   */
  authToken: z.string().min(1).default(generateAuthToken),
  /** Deadline for the app's answer. @defaultValue 5000 */
  answerTimeoutMs: z.number().int().positive().max(60_000).default(5000),
  /**
   * How the gateway talks to the app: `native` (the four JSON events under `url`), or the way a
   * gateway calls its apps, `url` then being the callback URL: `africastalking` (form requests
   * answered `CON …`/`END …`; docs/africastalking.md), `hubtel`, `arkesel`, `nalo`, `beem` or
   * `infobip` (their JSON requests and answers; docs/reference-server.md).
   * @defaultValue `"native"`
   */
  protocol: appProtocolSchema.default('native'),
  /**
   * Of an `africastalking` app only: where the gateway posts the end-of-session notification.
   * @defaultValue none: no notification is sent
   */
  notificationsUrl: z.url({ protocol: /^https?$/ }).optional(),
});

/**
 * Why an app's fields do not go together, or `undefined` when they do: a `notificationsUrl` is
 * for an `africastalking` app only (a native app hears `close` and `abort` instead; the other
 * gateways' ends go to the app's `url`).
 *
 * @example
 * ```ts
 * appProtocolProblem({ protocol: 'native', notificationsUrl: 'http://127.0.0.1:3000/events' });
 * ```
 */
export function appProtocolProblem(app: {
  readonly protocol: string;
  readonly notificationsUrl?: string | undefined;
}): { readonly field: 'notificationsUrl'; readonly message: string } | undefined {
  if (app.notificationsUrl === undefined || app.protocol === 'africastalking') return undefined;
  return {
    field: 'notificationsUrl',
    message: `only an app with protocol "africastalking" has a notifications URL (a native app hears close and abort at its url, and the other gateways end a session with a request to the app's url, if at all); set "protocol": "africastalking" or leave notificationsUrl out`,
  };
}

/** An app with every default applied. */
export type App = z.output<typeof appConfigSchema>;
/** An app as written. */
export type AppConfig = z.input<typeof appConfigSchema>;
