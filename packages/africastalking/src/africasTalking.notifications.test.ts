import { describe, expect, it, vi } from 'vitest';
import { atNotification, atPhone } from '../test/atPhone';
import { fixtureApp } from '../test/fixtureApp';
import { spiedApp } from '../test/spiedApp';
import { africasTalking } from './africasTalking';

function setup() {
  const onClose = vi.fn();
  const { app, seen } = spiedApp(fixtureApp({ onClose }));
  return { handler: africasTalking(app), seen, onClose };
}

describe('africasTalking: end-of-session notifications', () => {
  it('does not close again a session the app ended (Success after END): onClose once', async () => {
    const { handler, onClose } = setup();
    const phone = atPhone(handler, { sessionId: 'ATUid_done' });
    await phone.dial(['5']);
    expect(await phone.send('1')).toBe('END You chose bundle-1.');
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const answer = await handler(
      atNotification({
        sessionId: 'ATUid_done',
        status: 'Success',
        input: phone.text,
        lastAppResponse: 'END You chose bundle-1.',
      }),
    );
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('OK');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onClose.mock.calls[0]?.[0]).toMatchObject({ reason: { type: 'End' } });
  });

  it('closes a session left open with Abandon (Incomplete), with its state and contextData', async () => {
    const { handler, onClose, seen } = setup();
    const phone = atPhone(handler, { sessionId: 'ATUid_left' });
    await phone.dial();
    await phone.send('1');
    await phone.send('300');
    const notification = atNotification({
      sessionId: 'ATUid_left',
      status: 'Incomplete',
      input: phone.text,
      lastAppResponse: 'CON Reference?',
    });
    expect((await handler(notification)).status).toBe(200);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onClose.mock.calls[0]?.[0]).toMatchObject({
      sessionId: 'ATUid_left',
      reason: { type: 'Abandon' },
      state: { amount: 300 },
    });
    expect(seen.at(-1)).toEqual({ event: 'close', reason: 'Abandon' });
    // Sent twice (a retry): the session is forgotten after the first, so onClose stays at one.
    const again = atNotification({ sessionId: 'ATUid_left', status: 'Incomplete' });
    expect((await handler(again)).status).toBe(200);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with Timeout when the notification speaks of a timeout', async () => {
    const { handler, onClose } = setup();
    await atPhone(handler, { sessionId: 'ATUid_slow' }).dial();
    await handler(
      atNotification({ sessionId: 'ATUid_slow', status: 'Failed', errorMessage: 'USER_TIMEOUT' }),
    );
    expect(onClose.mock.calls[0]?.[0]).toMatchObject({ reason: { type: 'Timeout' } });
  });

  it('lets closeReason decide instead', async () => {
    const onClose = vi.fn();
    const handler = africasTalking(fixtureApp({ onClose }), { closeReason: () => 'Timeout' });
    await atPhone(handler, { sessionId: 'ATUid_custom' }).dial();
    await handler(atNotification({ sessionId: 'ATUid_custom', status: 'Incomplete' }));
    expect(onClose.mock.calls[0]?.[0]).toMatchObject({ reason: { type: 'Timeout' } });
  });

  it('acknowledges a notification for a session it does not know, without calling the app', async () => {
    const { handler, seen } = setup();
    const answer = await handler(atNotification({ sessionId: 'ATUid_unknown', status: 'Failed' }));
    expect(answer.status).toBe(200);
    expect(seen).toEqual([]);
  });

  it('refuses a notification without a sessionId with 400 and the reason', async () => {
    const { handler } = setup();
    const answer = await handler(atNotification({ status: 'Success' }));
    expect(answer.status).toBe(400);
    expect(await answer.text()).toBe('the form field sessionId is missing');
  });
});
