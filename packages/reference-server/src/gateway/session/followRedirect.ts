import type { AbortReason, Action, ActionResult, NewSession } from '@ussdkit/protocol';
import type { GatewayDeps } from '../GatewayDeps';
import type { AppFrame, GatewaySession } from '../GatewaySession';

/** One of the actions that move a session between apps. */
export type RedirectAction = Extract<
  Action,
  { type: 'Redirect' | 'ReturnFromRedirect' | 'LegacyAppRedirect' }
>;

/** Where a redirect action takes the session. */
export type RedirectMove =
  /** To the destination app: send it `new` with this input. */
  | { readonly kind: 'enter'; readonly frame: AppFrame; readonly input: NewSession['input'] }
  /** Back to the app that redirected: send it `continue` with this result. */
  | { readonly kind: 'return'; readonly result: ActionResult }
  /** Nowhere: abort the session, with the sentence that says why. */
  | { readonly kind: 'abort'; readonly reason: AbortReason; readonly message: string };

/**
 * Applies a redirect action of the app in `frame` to the session's apps (its stack and
 * participants) and says what to send next. `Redirect` enters the destination app with a
 * `Redirect` input (the deprecated `processId` too); `ReturnFromRedirect` goes back to the caller
 * with `ReturnFromRedirectResult`; an unknown destination, a return from an app nobody redirected
 * to, and a `LegacyAppRedirect` (the sandbox has no legacy apps) abort.
 *
 * @example
 * ```ts
 * const move = followRedirect(deps, session, frame, action);
 * if (move.kind === 'enter') await machine.start(session, move.frame, move.input);
 * ```
 */
export function followRedirect(
  deps: GatewayDeps,
  session: GatewaySession,
  frame: AppFrame,
  action: RedirectAction,
): RedirectMove {
  const appId = frame.app.appId;
  switch (action.type) {
    case 'Redirect': {
      const destination = deps.findAppById(action.destinationAppId);
      if (destination === undefined) {
        return {
          kind: 'abort',
          reason: { type: 'InternalError' },
          message: `App ${appId} redirected to app "${action.destinationAppId}", which the sandbox does not have; register it with POST /sandbox/apps, or fix the Redirect's destinationAppId.`,
        };
      }
      const next: AppFrame = { app: destination, contextData: '' };
      session.stack.push(next);
      session.participants.push(next);
      const input =
        action.process === undefined
          ? { type: 'Redirect' as const }
          : { type: 'Redirect' as const, process: action.process, processId: action.process.id };
      return { kind: 'enter', frame: next, input };
    }
    case 'ReturnFromRedirect':
      if (session.stack.length < 2) {
        return {
          kind: 'abort',
          reason: { type: 'UnexpectedUssdAppResponse' },
          message: `App ${appId} answered ReturnFromRedirect, but no app redirected the session to it; only an app reached through a Redirect may return.`,
        };
      }
      session.stack.pop();
      return {
        kind: 'return',
        result: { type: 'ReturnFromRedirectResult', resultParams: action.resultParams },
      };
    case 'LegacyAppRedirect':
      // No legacy app exists in the sandbox, and upstream does not publish their protocol:
      // following the URI as a modern app would pass locally what fails in production.
      return {
        kind: 'abort',
        reason: { type: 'InternalError' },
        message: `App ${appId} answered LegacyAppRedirect to ${action.uri}, which the sandbox cannot follow: it has no legacy USSD apps, and their protocol is not published; test that hand-over against the real service, or Redirect to an app of the sandbox (POST /sandbox/apps).`,
      };
  }
}
