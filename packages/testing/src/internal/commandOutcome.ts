import { type AbortReason, type Action, renderChooser } from '@ussdkit/protocol';
import type { HarnessWaiting } from '../HarnessWaiting';

/** What the phone does with one app action, as the gateway plays it. */
export interface CommandOutcome {
  /** The new screen, when the action shows one. */
  readonly screen?: string;
  readonly waiting: HarnessWaiting;
  /** A note for the transcript about what the gateway did. */
  readonly note?: string;
  /** Whether the gateway then closes the session with `End`. */
  readonly end: boolean;
  /** The gateway aborts the session instead, for this reason, with the sentence that says why. */
  readonly abort?: { readonly reason: AbortReason; readonly message: string };
  readonly returnedWith?: Record<string, string>;
}

/**
 * Why the gateway aborts on `LegacyAppRedirect`: the sandbox gateway's sentence
 * (reference-server's `followRedirect.ts`, docs/gateway.md "Redirects"), so that a test reads
 * what the sandbox would log.
 */
export function legacyRedirectMessage(appId: string, uri: string): string {
  return `App ${appId} answered LegacyAppRedirect to ${uri}, which the sandbox cannot follow: it has no legacy USSD apps, and their protocol is not published; test that hand-over against the real service, or Redirect to an app of the sandbox (POST /sandbox/apps).`;
}

/** Maps an app action of app `appId` to what the gateway shows and waits for next. */
export function commandOutcome(action: Action, appId: string): CommandOutcome {
  switch (action.type) {
    case 'ShowView': {
      const { view } = action;
      if (view.type === 'ChooserView') {
        return { screen: renderChooser(view), waiting: { kind: 'chooser', view }, end: false };
      }
      if (view.type === 'InputView') {
        return { screen: view.message, waiting: { kind: 'input' }, end: false };
      }
      return { screen: view.message, waiting: { kind: 'none' }, end: true };
    }
    case 'RunProcess':
      return {
        waiting: { kind: 'process', process: action.process },
        note: `(app runs ${action.process.type})`,
        end: false,
      };
    case 'Redirect':
      return {
        waiting: {
          kind: 'redirect',
          destinationAppId: action.destinationAppId,
          ...(action.process === undefined ? {} : { process: action.process }),
        },
        note: `(app redirects to ${action.destinationAppId})`,
        end: false,
      };
    case 'ReturnFromRedirect':
      return {
        waiting: { kind: 'none' },
        note: `(app returns ${JSON.stringify(action.resultParams)})`,
        end: true,
        returnedWith: action.resultParams,
      };
    case 'LegacyAppRedirect':
      // As the sandbox gateway: there is no legacy app to hand over to, so the session aborts.
      return {
        waiting: { kind: 'none' },
        end: false,
        abort: {
          reason: { type: 'InternalError' },
          message: legacyRedirectMessage(appId, action.uri),
        },
      };
  }
}
