// The examples of Africa's Talking's public USSD documentation, served by a ussdkit app:
//
// - https://developers.africastalking.com/docs/ussd/handle_sessions: the request parameters
//   (sessionId, phoneNumber, networkCode, serviceCode, text: "an empty string in the first
//   notification of a session. After that, it concatenates all the user input within the session
//   with a * until the session ends"), the answer rules ("If the session is ongoing, please begin
//   your response with CON. If this is the last response for that session, begin your response
//   with END"; Content-Type text/plain), and the sample menu of the page's Node.js example
//   (below, with the example's source indentation left out of its template literals).
// - https://developers.africastalking.com/docs/ussd/notifications: the end-of-session
//   notification's parameters (date, sessionId, serviceCode, networkCode, phoneNumber, status,
//   cost, durationInMillis, hopsCount, input, lastAppResponse, errorMessage).
//
// The field names and the texts are the documentation's; values the pages leave open (session
// ids, numbers, dates) are ours.
import { createApp } from '@ussdkit/router';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { africasTalking } from '../../src/africasTalking';
import { atRequest } from '../atPhone';

/** The documentation's sample menu, declared as ussdkit screens. */
function documentationApp(onClose: (info: { reason: { type: string } }) => void) {
  return createApp({
    state: z.object({}),
    start: 'check',
    onClose,
    navigation: { back: false, home: false },
    screens: ({ chooser, info }) => ({
      check: chooser({
        title: 'What would you like to check',
        items: [
          { label: 'My account', next: 'account' },
          { label: 'My phone number', next: 'phone' },
        ],
      }),
      account: chooser({
        title: 'Choose account information you want to view',
        items: [{ label: 'Account number', next: 'accountNumber' }],
      }),
      phone: info({ text: (ctx) => `Your phone number is ${ctx.msisdn}` }),
      accountNumber: info({ text: 'Your account number is ACC100101' }),
    }),
  });
}

/** The documented request parameters, for one session of the sample. */
const request = (sessionId: string, text: string) =>
  atRequest({
    sessionId,
    serviceCode: '*384*1234#',
    phoneNumber: '+254711082000',
    networkCode: '63902',
    text,
  });

/** The documented notification parameters. */
const notification = (fields: { sessionId: string; status: string; input: string; last: string }) =>
  atRequest({
    date: '2024-05-02 10:11:12',
    sessionId: fields.sessionId,
    serviceCode: '*384*1234#',
    networkCode: '63902',
    phoneNumber: '+254711082000',
    status: fields.status,
    cost: 'KES 0.0000',
    durationInMillis: '8000',
    hopsCount: '2',
    input: fields.input,
    lastAppResponse: fields.last,
    errorMessage: '',
  });

async function answer(response: Promise<Response>): Promise<string> {
  const got = await response;
  expect(got.status).toBe(200);
  expect(got.headers.get('content-type')).toMatch(/^text\/plain/);
  return got.text();
}

describe("Africa's Talking's documented examples", () => {
  it('answers the sample session of the Handle Sessions page, text "" then "1" then "1*1"', async () => {
    const onClose = vi.fn();
    const handler = africasTalking(documentationApp(onClose));
    expect(await answer(handler(request('ATUid_doc1', '')))).toBe(
      'CON What would you like to check\n1. My account\n2. My phone number',
    );
    expect(await answer(handler(request('ATUid_doc1', '1')))).toBe(
      'CON Choose account information you want to view\n1. Account number',
    );
    expect(await answer(handler(request('ATUid_doc1', '1*1')))).toBe(
      'END Your account number is ACC100101',
    );
    // The notification that follows a session the app ended: the app was closed once, with End.
    const done = notification({
      sessionId: 'ATUid_doc1',
      status: 'Success',
      input: '1*1',
      last: 'END Your account number is ACC100101',
    });
    expect(await answer(handler(done))).toBe('OK');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onClose.mock.calls[0]?.[0]).toMatchObject({ reason: { type: 'End' } });
  });

  it('answers the sample\'s other branch, text "2": END with the phoneNumber', async () => {
    const handler = africasTalking(documentationApp(() => undefined));
    await answer(handler(request('ATUid_doc2', '')));
    expect(await answer(handler(request('ATUid_doc2', '2')))).toBe(
      'END Your phone number is +254711082000',
    );
  });

  it('closes a session whose notification reports it Incomplete after a CON', async () => {
    const onClose = vi.fn();
    const handler = africasTalking(documentationApp(onClose));
    await answer(handler(request('ATUid_doc3', '')));
    await answer(handler(request('ATUid_doc3', '1')));
    const left = notification({
      sessionId: 'ATUid_doc3',
      status: 'Incomplete',
      input: '1',
      last: 'CON Choose account information you want to view\n1. Account number',
    });
    expect(await answer(handler(left))).toBe('OK');
    expect(onClose.mock.calls.map(([info]) => info.reason.type)).toEqual(['Abandon']);
  });

  it('starts every answer with CON or END, as the page requires', async () => {
    const handler = africasTalking(documentationApp(() => undefined));
    for (const text of ['', '9', '9*1']) {
      expect(await answer(handler(request('ATUid_doc4', text)))).toMatch(/^(CON|END) /);
    }
  });
});
