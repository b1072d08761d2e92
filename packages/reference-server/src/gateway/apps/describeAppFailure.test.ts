import { sessionCommandSchema } from '@ussdkit/protocol';
import { describe, expect, it } from 'vitest';
import { generateAuthToken } from '../../config/generateAuthToken';
import type { GatewayApp } from '../GatewayDeps';
import { describeAppFailure } from './describeAppFailure';

const app: GatewayApp = {
  appId: 'demo-app',
  clientId: 'demo-client',
  appCode: '1',
  url: 'http://127.0.0.1:3000/ussd/',
  authToken: 'secret-token',
  answerTimeoutMs: 5000,
};
/** An app registered without a token: the sandbox generated one. */
const generated: GatewayApp = { ...app, authToken: generateAuthToken() };

/** The sentence for an answer `json` that fails the session command schema. */
function invalid(json: unknown): string {
  const parsed = sessionCommandSchema.safeParse(json);
  if (parsed.success) throw new Error('expected an invalid command');
  return describeAppFailure(app, 'new', { type: 'invalid', issue: parsed.error.issues[0], json });
}

describe('describeAppFailure', () => {
  it('says a 401 means the token does not match, and how to change either side', () => {
    expect(describeAppFailure(app, 'new', { type: 'status', status: 401, text: '' })).toBe(
      "The app at http://127.0.0.1:3000/ussd answered 401 to /ussdSessionEvent/new: the token does not match. The sandbox sends app demo-app's authToken as the Authorization header; make the app's authToken option equal it, or change the app's token with PATCH /sandbox/apps/demo-app {\"authToken\": ...}.",
    );
  });

  it('never shows the token', () => {
    for (const status of [401, 403, 404, 500]) {
      const text = JSON.stringify({ code: 'X', message: 'no' });
      expect(describeAppFailure(app, 'new', { type: 'status', status, text })).not.toContain(
        'secret-token',
      );
    }
  });

  it('says a 403 refused the token, with the message the app gave', () => {
    const text = JSON.stringify({ code: 'FORBIDDEN', message: 'not from this gateway' });
    expect(describeAppFailure(app, 'continue', { type: 'status', status: 403, text })).toBe(
      'The app at http://127.0.0.1:3000/ussd answered 403 to /ussdSessionEvent/continue ("not from this gateway", code FORBIDDEN): it refused the token. The sandbox sends app demo-app\'s authToken as the Authorization header; make the app\'s authToken option equal it, or change the app\'s token with PATCH /sandbox/apps/demo-app {"authToken": ...}.',
    );
  });

  it('says when the token is one the sandbox generated, and where the developer got it', () => {
    const sentence = describeAppFailure(generated, 'new', {
      type: 'status',
      status: 401,
      text: '',
    });
    expect(sentence).toBe(
      'The app at http://127.0.0.1:3000/ussd answered 401 to /ussdSessionEvent/new: the token does not match. App demo-app was registered without an authToken, so the sandbox generated one and sends it as the Authorization header (the 201 answer of POST /sandbox/apps has it, and ussdkit-sandbox prints it at start for an app of its --config file); make the app\'s authToken option equal it, or set the token you choose with PATCH /sandbox/apps/demo-app {"authToken": ...}.',
    );
    expect(sentence).not.toContain(generated.authToken);
  });

  it('names the status, the URL and the JSON message of other failures', () => {
    const text = JSON.stringify({ code: 'INTERNAL', message: 'database down' });
    expect(describeAppFailure(app, 'continue', { type: 'status', status: 500, text })).toBe(
      'The app at http://127.0.0.1:3000/ussd answered 500 to /ussdSessionEvent/continue ("database down", code INTERNAL): the app failed while handling the event; its own log says why.',
    );
    expect(describeAppFailure(app, 'new', { type: 'status', status: 404, text: 'Not Found' })).toBe(
      'The app at http://127.0.0.1:3000/ussd answered 404 to /ussdSessionEvent/new: nothing there handles the event. The gateway POSTs to http://127.0.0.1:3000/ussd/ussdSessionEvent/new; if the app is mounted elsewhere, change its URL with PATCH /sandbox/apps/demo-app {"url": ...}.',
    );
    expect(describeAppFailure(app, 'new', { type: 'status', status: 302, text: '' })).toContain(
      'answered 302 to /ussdSessionEvent/new: the gateway does not follow redirects.',
    );
    expect(describeAppFailure(app, 'new', { type: 'status', status: 400, text: '' })).toBe(
      'The app at http://127.0.0.1:3000/ussd answered 400 to /ussdSessionEvent/new: the gateway needs a 2xx answer with a session command; the request it sent is in the session transcript.',
    );
  });

  it('names the URL, the words of the socket error and what to check when unreachable', () => {
    const refused = { type: 'unreachable' as const, code: 'ECONNREFUSED', error: 'connect …' };
    expect(describeAppFailure(app, 'new', refused)).toBe(
      'Could not reach the app at http://127.0.0.1:3000/ussd/ussdSessionEvent/new: connection refused. Is it running? (app demo-app, change its URL with PATCH /sandbox/apps/demo-app {"url": ...})',
    );
    const odd = { type: 'unreachable' as const, code: undefined, error: 'socket hang up' };
    expect(describeAppFailure(app, 'new', odd)).toContain(': socket hang up. Is it running?');
  });

  it('names the deadline and the setting behind it on a timeout', () => {
    expect(describeAppFailure(app, 'continue', { type: 'timeout' })).toBe(
      'The app at http://127.0.0.1:3000/ussd/ussdSessionEvent/continue did not answer within 5000 ms (the app\'s answerTimeoutMs); make it answer sooner, or raise the limit with PATCH /sandbox/apps/demo-app {"answerTimeoutMs": ...}.',
    );
  });

  it('quotes the start of an answer that is not JSON, and names an empty one', () => {
    const html = { type: 'notJson' as const, status: 200, text: '<!doctype html>\n<html>' };
    expect(describeAppFailure(app, 'new', html)).toBe(
      'The app at http://127.0.0.1:3000/ussd answered /ussdSessionEvent/new with a body that is not JSON (it starts "<!doctype html> <html>"): answer new with a session command as JSON ({action, contextData}).',
    );
    const empty = { type: 'notJson' as const, status: 204, text: '' };
    expect(describeAppFailure(app, 'continue', empty)).toBe(
      'The app at http://127.0.0.1:3000/ussd answered /ussdSessionEvent/continue with 204 and an empty body: answer continue with a session command as JSON ({action, contextData}).',
    );
  });

  it('names the first schema issue with its path, its value and what was expected', () => {
    expect(invalid({ action: { type: 'ShowView', view: { type: 'Nope' } } })).toBe(
      'The app at http://127.0.0.1:3000/ussd answered /ussdSessionEvent/new with an invalid session command: action.view.type is "Nope", expected one of "InputView", "ChooserView", "InfoView".',
    );
    expect(invalid({ action: { type: 'ShowView', view: { type: 'InputView' } } })).toContain(
      'command: action.view.message is missing, expected a string.',
    );
    expect(
      invalid({ action: { type: 'ShowView', view: { type: 'InputView', message: 3 } } }),
    ).toContain('command: action.view.message is 3, expected a string.');
    expect(
      invalid({
        action: { type: 'ShowView', view: { type: 'ChooserView', title: 't', items: [] } },
      }),
    ).toContain('command: action.view.items: a chooser needs at least one item.');
    expect(invalid([])).toContain('command: the answer is [], expected an object.');
  });
});
