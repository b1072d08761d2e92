import { describe, expect, it, vi } from 'vitest';
import { exampleApp } from '../../test/exampleApp';
import { answerOf, postJson } from '../../test/post';
import { walkApp } from '../../test/walkApp';
import { hubtel } from './hubtel';

const caller = { Mobile: '233244567890', ServiceCode: '713*4', Operator: 'mtn' };
const step = (SessionId: string, Type: string, Message: string | null, Sequence = 1) =>
  postJson('/hubtel', { ...caller, SessionId, Type, Message, Sequence });

describe('hubtel', () => {
  it("ends a session on Timeout and on Release: answered Release, the app's onClose told why", async () => {
    const onClose = vi.fn();
    const handler = hubtel(exampleApp('GHS ', { onClose }));
    await handler(step('h-timeout', 'Initiation', '*713*4#'));
    await handler(step('h-timeout', 'Response', '1', 2));
    const timedOut = await handler(step('h-timeout', 'Timeout', '', 3));
    expect(await answerOf(timedOut)).toEqual([200, { Type: 'Release', Message: '' }]);
    expect(await answerOf(await handler(step('h-timeout', 'Timeout', '', 4)))).toEqual([
      200,
      { Type: 'Release', Message: '' },
    ]);
    await handler(step('h-release', 'Initiation', '*713*4#'));
    await handler(step('h-release', 'Release', null, 2));
    expect(onClose.mock.calls.map(([info]) => [info.sessionId, info.reason.type])).toEqual([
      ['h-timeout', 'Timeout'],
      ['h-release', 'Abandon'],
    ]);
    // A later request of the ended session is answered as one the app does not know.
    expect(await answerOf(await handler(step('h-timeout', 'Response', '500', 5)))).toEqual([
      200,
      { Type: 'Release', Message: 'Your session has expired. Please dial again.' },
    ]);
  });

  it('opens the screen of a deep link dialled in the first Message (*713*4*1#)', async () => {
    const handler = hubtel(exampleApp('GHS '));
    const first = await handler(step('h-deep', 'Initiation', '*713*4*1#'));
    expect(await answerOf(first)).toEqual([200, { Type: 'Response', Message: 'Enter amount' }]);
  });

  it('reads what Hubtel sends loosely: Type in any case, numbers and null, fields missing', async () => {
    const handler = hubtel(exampleApp('GHS '));
    const begin = postJson('/hubtel', {
      SessionId: 12345,
      Mobile: 233244567890,
      Type: 'INITIATION',
      Message: null,
      Sequence: '1',
    });
    expect(await answerOf(await handler(begin))).toEqual([
      200,
      { Type: 'Response', Message: 'Welcome\n1. Buy airtime\n2. My balance' },
    ]);
    const next = postJson('/hubtel', {
      SessionId: '12345',
      Mobile: '233244567890',
      Type: 'response',
      Message: 1,
    });
    expect(await answerOf(await handler(next))).toEqual([
      200,
      { Type: 'Response', Message: 'Enter amount' },
    ]);
  });

  it('masks the input after a screen that asks a secret (MaskNextRoute)', async () => {
    const handler = hubtel(walkApp());
    await handler(step('h-pin', 'Initiation', '*713*4#'));
    const pin = await handler(step('h-pin', 'Response', '3', 2));
    expect(pin.headers.get('ussdkit-input')).toBe('secret');
    expect(await pin.json()).toEqual({
      Type: 'Response',
      Message: 'New PIN?',
      MaskNextRoute: true,
    });
  });

  it('refuses what it cannot read with 400 and { code, message }', async () => {
    const handler = hubtel(exampleApp('GHS '));
    expect(await answerOf(await handler(postJson('/hubtel', { Type: 'Initiation' })))).toEqual([
      400,
      { code: 'BAD_REQUEST', message: 'the field SessionId is missing' },
    ]);
    expect(await answerOf(await handler(step('h-bad', 'Hello', '')))).toEqual([
      400,
      {
        code: 'BAD_REQUEST',
        message:
          'the field Type is "hello", none of initiation, response, release, timeout, favorite, query',
      },
    ]);
    const query = await answerOf(await handler(step('h-bad', 'query', '')));
    expect(query).toMatchObject([400, { code: 'UNSUPPORTED_TYPE' }]);
    const noNumber = postJson('/hubtel', { SessionId: 'h-bad', Type: 'Initiation', Message: '' });
    expect(await answerOf(await handler(noNumber))).toEqual([
      400,
      { code: 'BAD_REQUEST', message: 'the field Mobile is missing' },
    ]);
    const form = new Request('https://app.example/ussd/hubtel', { method: 'POST', body: 'a=1' });
    expect(await answerOf(await handler(form))).toMatchObject([
      415,
      { code: 'UNSUPPORTED_MEDIA_TYPE' },
    ]);
  });
});
