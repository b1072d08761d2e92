import { type Action, renderChooser } from '@ussdkit/protocol';
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
  readonly returnedWith?: Record<string, string>;
}

/** What the gateway shows by itself (the sandbox gateway's texts). */
export const gatewayScreens = {
  /** Put above a chooser shown again after an invalid choice. */
  invalidChoice: 'Invalid choice. Try again.',
  Abandon: 'Session cancelled.',
  Timeout: 'Session timed out.',
  legacyRedirect: 'This service is not available on this code.',
} as const;

/** Maps an app action to what the gateway shows and waits for next. */
export function commandOutcome(action: Action): CommandOutcome {
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
      return { screen: gatewayScreens.legacyRedirect, waiting: { kind: 'none' }, end: true };
  }
}
