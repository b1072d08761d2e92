import type { ArkeselResponse } from '../../src/arkesel/arkeselSchemas';
import type { BeemResponse } from '../../src/beem/beemSchemas';
import type { HubtelResponse } from '../../src/hubtel/hubtelSchemas';
import type { InfobipResponse } from '../../src/infobip/infobipSchemas';
import type { NaloResponse } from '../../src/nalo/naloSchemas';
import { BASE, type Caller, jsonPhone, type Phone, type Post } from './Phone';

/** Hubtel: `Type` Initiation / Response / Timeout, the latest input in `Message`. */
export function hubtelPhone(post: Post, { sessionId, msisdn = '233244567890' }: Caller): Phone {
  return jsonPhone(post, {
    code: '713*4',
    endsOutOfBand: true,
    request: (step) => ({
      url: `${BASE}/hubtel`,
      body: {
        Mobile: msisdn,
        SessionId: sessionId,
        ServiceCode: '713*4',
        Type: step.kind === 'dial' ? 'Initiation' : step.kind === 'input' ? 'Response' : 'Timeout',
        Message: step.kind === 'dial' ? step.dial : step.kind === 'input' ? step.input : '',
        Operator: 'mtn',
        Sequence: step.step,
      },
    }),
    screen: (body: HubtelResponse) => ({
      shows: body.Message,
      continues: body.Type === 'Response',
    }),
  });
}

/** Arkesel: `newSession`, the latest input in `userData`; no end notice. */
export function arkeselPhone(post: Post, { sessionId, msisdn = '233244000001' }: Caller): Phone {
  return jsonPhone(post, {
    code: '928*280',
    endsOutOfBand: false,
    request: (step) => ({
      url: `${BASE}/arkesel`,
      body: {
        sessionID: sessionId,
        userID: 'arkesel_app',
        newSession: step.kind === 'dial',
        msisdn,
        userData: step.kind === 'dial' ? step.dial : step.kind === 'input' ? step.input : null,
        network: 'MTN',
      },
    }),
    screen: (body: ArkeselResponse) => ({ shows: body.message, continues: body.continueSession }),
  });
}

/** Nalo: `MSGTYPE` true on the first request, the latest input in `USERDATA`; no end notice. */
export function naloPhone(post: Post, { sessionId, msisdn = '233244000001' }: Caller): Phone {
  return jsonPhone(post, {
    code: '920*55',
    endsOutOfBand: false,
    request: (step) => ({
      url: `${BASE}/nalo`,
      body: {
        USERID: 'NALOTest',
        MSISDN: msisdn,
        USERDATA: step.kind === 'dial' ? step.dial : step.kind === 'input' ? step.input : '',
        MSGTYPE: step.kind === 'dial',
        NETWORK: 'MTN',
        SESSIONID: sessionId,
      },
    }),
    screen: (body: NaloResponse) => ({ shows: body.MSG, continues: body.MSGTYPE }),
  });
}

/**
 * Beem: `command` initiate / continue / terminate, the latest input in `payload.response`. Beem
 * sends no dialled string: a deep link cannot reach the app.
 */
export function beemPhone(post: Post, { sessionId, msisdn = '255712345678' }: Caller): Phone {
  let requestId = 0;
  return jsonPhone(post, {
    code: '150*88',
    endsOutOfBand: true,
    request: (step) => ({
      url: `${BASE}/beem`,
      body: {
        command:
          step.kind === 'dial' ? 'initiate' : step.kind === 'input' ? 'continue' : 'terminate',
        msisdn,
        session_id: sessionId,
        operator: 'vodacom',
        payload: { request_id: requestId, response: step.kind === 'input' ? step.input : 0 },
      },
    }),
    screen: (body: BeemResponse) => {
      requestId = body.payload.request_id;
      return { shows: body.payload.request, continues: body.command === 'continue' };
    },
  });
}

/** Infobip: one URL per event under the base URL; the end is a PUT. */
export function infobipPhone(post: Post, { sessionId, msisdn = '385955363443' }: Caller): Phone {
  const url = `${BASE}/infobip/${encodeURIComponent(sessionId)}`;
  return jsonPhone(post, {
    code: '123*4',
    endsOutOfBand: true,
    request: (step) =>
      step.kind === 'timeout'
        ? { url: `${url}/end`, method: 'PUT', body: { exitCode: 1, reason: 'session timeout' } }
        : {
            url: `${url}/${step.kind === 'dial' ? 'start' : 'response'}`,
            body: {
              msisdn,
              shortCode: '*123*4#',
              text: step.kind === 'dial' ? step.dial : step.input,
              ussdGwId: '11',
              language: null,
            },
          },
    screen: (body: InfobipResponse) => ({
      shows: body.ussdMenu ?? '',
      continues: body.shouldClose === false,
    }),
  });
}
