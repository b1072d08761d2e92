import { createApp } from '@ussdkit/router';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { exampleApp } from '../../test/exampleApp';
import { answerOf, postJson } from '../../test/post';
import { nalo } from './nalo';

const ids = { USERID: 'NALOTest', MSISDN: '233244000001' };
const menu = 'Welcome\n1. Buy airtime\n2. My balance';
const request = (USERDATA: string, MSGTYPE: unknown, more: object = {}) =>
  postJson('/nalo', { ...ids, USERDATA, MSGTYPE, NETWORK: 'MTN', ...more });

describe('nalo', () => {
  it('keys a session without SESSIONID by USERID and MSISDN; a second dial starts afresh', async () => {
    const onClose = vi.fn();
    const handler = nalo(exampleApp('GHS ', { onClose }));
    await handler(request('*920*55#', true));
    expect(await answerOf(await handler(request('1', false)))).toEqual([
      200,
      { ...ids, MSG: 'Enter amount', MSGTYPE: true },
    ]);
    // The customer gave up and dials again: the same key, a new session from the menu.
    expect(await answerOf(await handler(request('*920*55#', 'TRUE')))).toEqual([
      200,
      { ...ids, MSG: menu, MSGTYPE: true },
    ]);
    expect(onClose.mock.calls.map(([info]) => [info.sessionId, info.reason.type])).toEqual([
      ['nalo:NALOTest:233244000001', 'Abandon'],
    ]);
    expect(await answerOf(await handler(request('2', 'false')))).toEqual([
      200,
      { ...ids, MSG: 'Your balance is GHS 20.', MSGTYPE: false },
    ]);
  });

  it("cuts a screen to Nalo's 120 characters when the app allows more", async () => {
    const long = createApp({
      state: z.object({}),
      start: 'terms',
      screens: ({ info }) => ({
        terms: info({ text: `Terms: ${'all of this applies. '.repeat(8)}` }),
      }),
    });
    const [status, body] = await answerOf(
      await nalo(long)(request('*920*55#', true, { SESSIONID: 'n-long' })),
    );
    expect(status).toBe(200);
    expect((body as { MSG: string }).MSG).toHaveLength(120);
    expect((body as { MSG: string }).MSG).toMatch(/\.\.\.$/);
    const wide = nalo(long, { screenLimit: 182 });
    const [, whole] = await answerOf(await wide(request('*920*55#', true, { SESSIONID: 'n-w' })));
    expect((whole as { MSG: string }).MSG).toBe(`Terms: ${'all of this applies. '.repeat(8)}`);
  });

  it('refuses another USERID than the userId option with 403', async () => {
    const handler = nalo(exampleApp('GHS '), { userId: 'NALOTest' });
    const other = postJson('/nalo', { ...ids, USERID: 'OTHER', USERDATA: '', MSGTYPE: true });
    expect(await answerOf(await handler(other))).toMatchObject([403, { code: 'WRONG_USER_ID' }]);
    expect((await handler(request('*920*55#', true, { SESSIONID: 'n-ok' }))).status).toBe(200);
  });

  it('refuses what it cannot read with 400 and { code, message }', async () => {
    const handler = nalo(exampleApp('GHS '));
    expect(
      await answerOf(await handler(postJson('/nalo', { USERID: 'X', MSGTYPE: true }))),
    ).toEqual([400, { code: 'BAD_REQUEST', message: 'the field MSISDN is missing' }]);
  });
});
