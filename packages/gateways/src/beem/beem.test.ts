import { describe, expect, it, vi } from 'vitest';
import { exampleApp } from '../../test/exampleApp';
import { answerOf, postJson } from '../../test/post';
import { beem } from './beem';

const ids = { msisdn: '255712345678', session_id: 'b-1', operator: 'vodacom' };
const step = (command: string, request_id: unknown, response: unknown, session_id = 'b-1') =>
  postJson('/beem', { command, ...ids, session_id, payload: { request_id, response } });

describe('beem', () => {
  it("ends a session on terminate: answered, the app's onClose told Abandon once", async () => {
    const onClose = vi.fn();
    const handler = beem(exampleApp('TZS ', { onClose }));
    await handler(step('initiate', 0, 0));
    await handler(step('continue', 1, '1'));
    const ended = await handler(step('terminate', 2, ''));
    expect(await answerOf(ended)).toEqual([
      200,
      { ...ids, command: 'terminate', payload: { request_id: 3, request: '' } },
    ]);
    expect((await handler(step('terminate', 3, ''))).status).toBe(200);
    expect(onClose.mock.calls.map(([info]) => [info.sessionId, info.reason.type])).toEqual([
      ['b-1', 'Abandon'],
    ]);
  });

  it('reads what Beem sends loosely: command in any case, request_id as text, no payload', async () => {
    const handler = beem(exampleApp('TZS '));
    const begin = postJson('/beem', { command: 'INITIATE', ...ids, session_id: 'b-2' });
    expect(await answerOf(await handler(begin))).toMatchObject([
      200,
      { command: 'continue', payload: { request_id: 1 } },
    ]);
    expect(await answerOf(await handler(step('Continue', '1', 2, 'b-2')))).toEqual([
      200,
      {
        ...ids,
        session_id: 'b-2',
        command: 'terminate',
        payload: { request_id: 2, request: 'Your balance is TZS 20.' },
      },
    ]);
  });

  it('refuses what it cannot read with 400 and { code, message }', async () => {
    const handler = beem(exampleApp('TZS '));
    expect(await answerOf(await handler(step('dance', 0, 0)))).toEqual([
      400,
      {
        code: 'BAD_REQUEST',
        message: 'the field command is "dance", none of initiate, continue, terminate',
      },
    ]);
    expect(await answerOf(await handler(step('continue', 'one', '1')))).toEqual([
      400,
      { code: 'BAD_REQUEST', message: 'the field payload.request_id is not a number' },
    ]);
  });
});
