import type { ChooserView, Process, UssdProcessRef } from '@ussdkit/protocol';

/**
 * What the phone waits for: text on an input screen, a choice on a chooser, the result of a
 * process the gateway runs, the return of the app the session was redirected to, or nothing
 * (the session is over).
 *
 * @example
 * ```ts
 * if (session.waiting.kind === 'process') console.log(session.waiting.process.type);
 * ```
 */
export type HarnessWaiting =
  | { readonly kind: 'input' }
  | { readonly kind: 'chooser'; readonly view: ChooserView }
  | { readonly kind: 'process'; readonly process: Process }
  | {
      readonly kind: 'redirect';
      readonly destinationAppId: string;
      readonly process?: UssdProcessRef;
    }
  | { readonly kind: 'none' };
