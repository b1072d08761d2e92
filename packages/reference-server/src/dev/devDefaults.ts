import { DEMO } from '../demoConfig';

/**
 * What `ussdkit dev` assumes when not told, shared with `ussdkit explore` so that a module the
 * one serves is explored as it is served: the token the sandbox sends (`DEMO.authToken`, the one
 * the templates' `src/dev.ts` gives its app) and the short code it dials.
 *
 * @example
 * ```ts
 * await explore(app, { harness: { authToken: devDefaults.authToken } });
 * ```
 */
export const devDefaults = {
  /** The `Authorization` the sandbox sends the app. @defaultValue `"demo-token"` */
  authToken: DEMO.authToken,
  /** The service's main code. @defaultValue `"384"` */
  mainCode: '384',
  /** The app's code. @defaultValue `"1"` */
  appCode: '1',
  /** What to dial: `*<mainCode>*<appCode>#`. @defaultValue `"*384*1#"` */
  shortcode: '*384*1#',
} as const;
