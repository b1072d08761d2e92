import { sessionCommandSchema } from '@ussdkit/protocol';
import { createHarness, type HarnessSession } from '@ussdkit/testing';
import { BASE, type Caller, jsonRequest, type Phone, type Post, secretOf, served } from './Phone';

/**
 * The native protocol, the gateway played by `@ussdkit/testing`'s harness (which re-asks a key
 * off a menu and closes after a final screen, as the gateway does), its events sent through
 * `post` to `…/native/ussdSessionEvent/{event}`.
 */
export function nativePhone(post: Post, { sessionId, msisdn = '2348030000001' }: Caller): Phone {
  let secret = false;
  const harness = createHarness({
    handle: async ({ path, headers, body }) => {
      const response = await post(
        new Request(`${BASE}/native${path}`, {
          method: 'POST',
          headers: headers as Record<string, string>,
          body,
        }),
      );
      if (response.status === 200) secret = secretOf(response);
      const text = await response.text();
      return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
    },
  });
  let session: HarnessSession | undefined;
  const screen = (current: HarnessSession) => ({
    shows: current.screen,
    continues: current.open,
    secret,
  });
  return {
    dial: async (segments = []) => {
      const more = segments.map((segment) => `*${segment}`).join('');
      session = await harness.dial(`*384*1234${more}#`, { sessionId, msisdn: `+${msisdn}` });
      return screen(session);
    },
    send: async (input) => {
      if (session !== undefined) return screen(await session.type(input));
      // A continue for a session the app never began, as a gateway that lost track would send.
      const ids = { sessionId, clientId: 'test-client', appId: 'test-app', contextData: '' };
      const result = { type: 'InputResult', value: input };
      const response = await post(
        jsonRequest(`${BASE}/native/ussdSessionEvent/continue`, { ...ids, result }),
      );
      const command = sessionCommandSchema.parse(JSON.parse(await served(response)));
      const { action } = command;
      if (action.type !== 'ShowView' || action.view.type === 'ChooserView') {
        throw new Error(`unexpected answer ${JSON.stringify(command)}`);
      }
      return { shows: action.view.message, continues: action.view.type === 'InputView', secret };
    },
    timeout: async () => {
      await session?.timeout();
      return new Response(null, { status: 204 });
    },
  };
}
