import { describe, expect, it } from 'vitest';
import { judgeCommand, postEvent } from './callApp';

const app = {
  appId: 'a',
  clientId: 'c',
  appCode: '1',
  url: 'http://127.0.0.1:9/ussd',
  answerTimeoutMs: 1000,
};

describe('judgeCommand', () => {
  it('accepts a 2xx session command and fills contextData', () => {
    const judged = judgeCommand({
      kind: 'answered',
      status: 200,
      text: JSON.stringify({
        action: { type: 'ShowView', view: { type: 'InfoView', message: 'Hi' } },
      }),
    });
    expect(judged).toEqual({
      ok: true,
      command: {
        action: { type: 'ShowView', view: { type: 'InfoView', message: 'Hi' } },
        contextData: '',
      },
    });
  });

  it.each([
    [
      { kind: 'answered' as const, status: 404, text: '{}' },
      'UnexpectedUssdAppResponse',
      'HTTP 404',
    ],
    [
      { kind: 'answered' as const, status: 200, text: '<html>' },
      'UnexpectedUssdAppResponse',
      'answer is not JSON',
    ],
    [
      { kind: 'answered' as const, status: 200, text: '{"action":{}}' },
      'UnexpectedUssdAppResponse',
      'invalid answer: action.type',
    ],
    [
      { kind: 'failed' as const, message: 'unreachable: ECONNREFUSED' },
      'InternalError',
      'unreachable: ECONNREFUSED',
    ],
  ])('judges %j as %s', (outcome, reason, message) => {
    const judged = judgeCommand(outcome);
    expect(judged.ok).toBe(false);
    if (!judged.ok) {
      expect(judged.reason).toBe(reason);
      expect(judged.message).toContain(message);
    }
  });
});

describe('postEvent', () => {
  it('does not call the app once the gateway is closing', async () => {
    const closing = new AbortController();
    closing.abort();
    expect(await postEvent(app, 'abort', {}, closing.signal)).toEqual({
      kind: 'failed',
      message: 'the gateway is closing',
    });
  });
});
