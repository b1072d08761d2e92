import { z } from 'zod';
import { generateAuthToken } from './generateAuthToken';

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
});

/** An app with every default applied. */
export type App = z.output<typeof appConfigSchema>;
/** An app as written. */
export type AppConfig = z.input<typeof appConfigSchema>;
