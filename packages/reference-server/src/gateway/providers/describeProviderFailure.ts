import type { CallFailure } from '../apps/describeAppFailure';
import { describeCallFailure, excerpt } from '../apps/describeAppFailure';
import { shownUrl } from '../apps/shownUrl';
import type { GatewayApp } from '../GatewayDeps';

/** What went wrong with one request to an app of a provider's protocol. */
export type ProviderFailure =
  | { readonly type: 'call'; readonly failure: CallFailure }
  | { readonly type: 'status'; readonly status: number; readonly text: string }
  | { readonly type: 'answer'; readonly problem: string };

/**
 * The sentence that explains why the session of an app of a provider's protocol aborts: where
 * the gateway called, what came back, and what to change. Never contains the URL's query, where
 * a secret may be.
 *
 * @example
 * ```ts
 * describeProviderFailure('Hubtel', app, url, { type: 'status', status: 500, text: 'boom' });
 * // 'The Hubtel app at http://127.0.0.1:3000/hubtel answered 500 ("boom"): an HTTP error ends the session, as on Hubtel; ...'
 * ```
 */
export function describeProviderFailure(
  title: string,
  app: GatewayApp,
  url: string,
  failure: ProviderFailure,
): string {
  const at = `The ${title} app at ${shownUrl(url)}`;
  if (failure.type === 'call') return describeCallFailure(app, shownUrl(url), failure.failure);
  if (failure.type === 'answer') return `${at} answered ${failure.problem}`;
  const { status, text } = failure;
  const said = text.trim() === '' ? '' : ` (${excerpt(text)})`;
  const patchUrl = `PATCH /sandbox/apps/${app.appId} {"url": ...}`;
  if (status >= 300 && status < 400) {
    return `${at} answered ${status}: the gateway does not follow redirects. Register the callback URL the app really serves with ${patchUrl}.`;
  }
  if (status === 404 || status === 405) {
    return `${at} answered ${status}${said}: nothing there handles ${title}'s requests. The gateway sends every request of the session to the registered URL; change it with ${patchUrl}.`;
  }
  return `${at} answered ${status}${said}: an HTTP error ends the session, as on ${title}; the app's own log says why.`;
}
