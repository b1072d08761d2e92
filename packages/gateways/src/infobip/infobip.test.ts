import { describe, expect, it, vi } from 'vitest';
import { exampleApp } from '../../test/exampleApp';
import { answerOf, postJson } from '../../test/post';
import { infobip } from './infobip';

const ok = { responseExitCode: 200, responseMessage: '' };
const start = (id: string) =>
  postJson(`/infobip/${id}/start`, { msisdn: '385955363443', shortCode: '*123#', text: '*123#' });
const respond = (id: string, text: string) =>
  postJson(`/infobip/${id}/response`, { msisdn: '385955363443', text });
const end = (id: string, reason: string) =>
  postJson(`/infobip/${id}/end`, { exitCode: 1, reason }, 'PUT');
const status = (id: string) => new Request(`https://app.example/ussd/infobip/${id}/status`);

describe('infobip', () => {
  it("ends a session on PUT …/end, answered 200: the app's onClose told why, once", async () => {
    const onClose = vi.fn();
    const handler = infobip(exampleApp('', { onClose }));
    await handler(start('i-1'));
    await handler(respond('i-1', '1'));
    expect(await answerOf(await handler(end('i-1', 'Session timeout')))).toEqual([200, ok]);
    expect(await answerOf(await handler(end('i-1', 'Session timeout')))).toEqual([200, ok]);
    await handler(start('i-2'));
    expect(await answerOf(await handler(end('i-2', 'user cancelled')))).toEqual([200, ok]);
    expect(onClose.mock.calls.map(([info]) => [info.sessionId, info.reason.type])).toEqual([
      ['i-1', 'Timeout'],
      ['i-2', 'Abandon'],
    ]);
  });

  it('answers GET …/status with whether the session is open', async () => {
    const handler = infobip(exampleApp(''));
    expect(await answerOf(await handler(status('i-3')))).toEqual([
      200,
      { sessionActive: false, ...ok },
    ]);
    await handler(start('i-3'));
    expect(await answerOf(await handler(status('i-3')))).toEqual([
      200,
      { sessionActive: true, ...ok },
    ]);
    await handler(respond('i-3', '2'));
    expect(await answerOf(await handler(status('i-3')))).toEqual([
      200,
      { sessionActive: false, ...ok },
    ]);
  });

  it('reads the session id from the URL, encoded or not', async () => {
    const handler = infobip(exampleApp(''));
    const first = await handler(start('s%2077'));
    expect(await answerOf(first)).toMatchObject([200, { shouldClose: false }]);
    expect(await answerOf(await handler(respond('s%2077', '2')))).toEqual([
      200,
      { ussdMenu: 'Your balance is 20.', shouldClose: true, ...ok },
    ]);
  });

  it("refuses in Infobip's own shape: unknown paths, methods and bodies", async () => {
    const handler = infobip(exampleApp(''));
    expect(await answerOf(await handler(postJson('/infobip/i-4/begin', {})))).toEqual([
      404,
      {
        responseExitCode: 404,
        responseMessage:
          'No Infobip endpoint at /ussd/infobip/i-4/begin: Infobip calls <base URL>/{sessionId}/start, /response, /end and /status',
      },
    ]);
    const deleted = await handler(postJson('/infobip/i-4/end', {}, 'DELETE'));
    expect(deleted.headers.get('allow')).toBe('POST, PUT, GET');
    expect(await answerOf(deleted)).toEqual([
      405,
      {
        responseExitCode: 405,
        responseMessage: 'Infobip calls with POST or PUT or GET; this was a DELETE',
      },
    ]);
    expect(
      await answerOf(await handler(postJson('/infobip/i-4/start', { text: '*123#' }))),
    ).toEqual([400, { responseExitCode: 400, responseMessage: 'the field msisdn is missing' }]);
  });
});
