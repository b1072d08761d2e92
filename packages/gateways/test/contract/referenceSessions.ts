// The three-step example session of each provider, as docs/reference/gateways.md gives it (which
// names the sources each follows): the requests the provider sends and the answers the adapter
// must give, echo fields copied back. Two departures, both deliberate: the adapter sets no
// Hubtel `ClientState` (the reference's `"buy"` is an app's own choice; ussdkit keeps the
// session in the app's store), and its Programmable Services extras are its own (`Label` the
// screen's first line, `DataType` `input`/`display`, `FieldType` `text`).

/** One request of a provider and the answer the adapter must give. */
export interface Exchange {
  /** The path under the adapter's URL (Infobip's `/{sessionId}/start`…); `''` for one URL. */
  readonly path?: string;
  readonly method?: string;
  readonly request: Record<string, unknown>;
  readonly answer: Record<string, unknown>;
}

/** A provider's example session, with the currency its final screen writes. */
export interface ReferenceSession {
  readonly currency: string;
  readonly exchanges: readonly Exchange[];
}

const hubtelCaller = {
  Mobile: '233244567890',
  SessionId: '3f1c9a0e7b2d4c6f8a9e0b1c2d3e4f50',
  ServiceCode: '713*4',
  Operator: 'mtn',
};

const arkeselIds = { sessionID: '1700000000123', userID: 'arkesel_app', msisdn: '233244000001' };
const naloIds = { USERID: 'NALOTest', MSISDN: '233244000001' };
const beemIds = { msisdn: '255712345678', session_id: '4574', operator: 'vodacom' };
const infobipOk = { responseExitCode: 200, responseMessage: '' };
const psCaller = {
  ServiceCode: '711*23',
  Operator: 'mtn',
  Platform: 'USSD',
  Mobile: '233244234546',
  SessionId: '8d4490b8',
};

export const referenceSessions: Readonly<Record<string, ReferenceSession>> = {
  hubtel: {
    currency: 'GHS ',
    exchanges: [
      {
        request: { ...hubtelCaller, Type: 'Initiation', Message: '*713*4#', Sequence: 1 },
        answer: { Type: 'Response', Message: 'Welcome\n1. Buy airtime\n2. My balance' },
      },
      {
        request: { ...hubtelCaller, Type: 'Response', Message: '1', Sequence: 2, ClientState: '' },
        answer: { Type: 'Response', Message: 'Enter amount' },
      },
      {
        request: {
          ...hubtelCaller,
          Type: 'Response',
          Message: '500',
          Sequence: 3,
          ClientState: 'buy',
        },
        answer: { Type: 'Release', Message: 'You bought GHS 500 of airtime.' },
      },
    ],
  },
  'hubtel (Programmable Services)': {
    currency: 'GHS ',
    exchanges: [
      {
        request: {
          ...psCaller,
          Type: 'initiation',
          Message: '*711*23#',
          Sequence: '1',
          ClientState: '',
        },
        answer: {
          Type: 'Response',
          Message: 'Welcome\n1. Buy airtime\n2. My balance',
          Label: 'Welcome',
          DataType: 'input',
          FieldType: 'text',
        },
      },
      {
        request: { ...psCaller, Type: 'response', Message: '1', Sequence: '2' },
        answer: {
          Type: 'Response',
          Message: 'Enter amount',
          Label: 'Enter amount',
          DataType: 'input',
          FieldType: 'text',
        },
      },
      {
        request: { ...psCaller, Type: 'response', Message: '500', Sequence: '3' },
        answer: {
          Type: 'Release',
          Message: 'You bought GHS 500 of airtime.',
          Label: 'You bought GHS 500 of airtime.',
          DataType: 'display',
          FieldType: 'text',
        },
      },
    ],
  },
  arkesel: {
    currency: 'GHS ',
    exchanges: [
      {
        request: { ...arkeselIds, newSession: true, userData: '*928*280#', network: 'MTN' },
        answer: {
          ...arkeselIds,
          message: 'Welcome\n1. Buy airtime\n2. My balance',
          continueSession: true,
        },
      },
      {
        request: { ...arkeselIds, newSession: false, userData: '1', network: 'MTN' },
        answer: { ...arkeselIds, message: 'Enter amount', continueSession: true },
      },
      {
        request: { ...arkeselIds, newSession: false, userData: '500', network: 'MTN' },
        answer: {
          ...arkeselIds,
          message: 'You bought GHS 500 of airtime.',
          continueSession: false,
        },
      },
    ],
  },
  nalo: {
    currency: 'GHS ',
    exchanges: [
      {
        request: {
          ...naloIds,
          USERDATA: '*920*55#',
          MSGTYPE: true,
          NETWORK: 'MTN',
          SESSIONID: '16590115252429751',
        },
        answer: { ...naloIds, MSG: 'Welcome\n1. Buy airtime\n2. My balance', MSGTYPE: true },
      },
      {
        request: {
          ...naloIds,
          USERDATA: '1',
          MSGTYPE: false,
          NETWORK: 'MTN',
          SESSIONID: '16590115252429751',
        },
        answer: { ...naloIds, MSG: 'Enter amount', MSGTYPE: true },
      },
      {
        request: {
          ...naloIds,
          USERDATA: '500',
          MSGTYPE: false,
          NETWORK: 'MTN',
          SESSIONID: '16590115252429751',
        },
        answer: { ...naloIds, MSG: 'You bought GHS 500 of airtime.', MSGTYPE: false },
      },
    ],
  },
  'nalo (without SESSIONID)': {
    currency: 'GHS ',
    exchanges: [
      {
        request: { ...naloIds, USERDATA: '*920*55#', MSGTYPE: true, NETWORK: 'MTN' },
        answer: { ...naloIds, MSG: 'Welcome\n1. Buy airtime\n2. My balance', MSGTYPE: true },
      },
      {
        request: { ...naloIds, USERDATA: '1', MSGTYPE: false, NETWORK: 'MTN' },
        answer: { ...naloIds, MSG: 'Enter amount', MSGTYPE: true },
      },
      {
        request: { ...naloIds, USERDATA: '500', MSGTYPE: false, NETWORK: 'MTN' },
        answer: { ...naloIds, MSG: 'You bought GHS 500 of airtime.', MSGTYPE: false },
      },
    ],
  },
  beem: {
    currency: 'TZS ',
    exchanges: [
      {
        request: { command: 'initiate', ...beemIds, payload: { request_id: 0, response: 0 } },
        answer: {
          ...beemIds,
          command: 'continue',
          payload: { request_id: 1, request: 'Welcome\n1. Buy airtime\n2. My balance' },
        },
      },
      {
        request: { command: 'continue', ...beemIds, payload: { request_id: 1, response: '1' } },
        answer: {
          ...beemIds,
          command: 'continue',
          payload: { request_id: 2, request: 'Enter amount' },
        },
      },
      {
        request: { command: 'continue', ...beemIds, payload: { request_id: 2, response: '500' } },
        answer: {
          ...beemIds,
          command: 'terminate',
          payload: { request_id: 3, request: 'You bought TZS 500 of airtime.' },
        },
      },
    ],
  },
  infobip: {
    currency: '',
    exchanges: [
      {
        path: '/s-77/start',
        request: {
          msisdn: '385955363443',
          shortCode: '*123#',
          text: '*123#',
          ussdGwId: '11',
          language: null,
        },
        answer: {
          ussdMenu: 'Welcome\n1. Buy airtime\n2. My balance',
          shouldClose: false,
          ...infobipOk,
        },
      },
      {
        path: '/s-77/response',
        request: { msisdn: '385955363443', shortCode: '*123#', text: '1' },
        answer: { ussdMenu: 'Enter amount', shouldClose: false, ...infobipOk },
      },
      {
        path: '/s-77/response',
        request: { msisdn: '385955363443', shortCode: '*123#', text: '500' },
        answer: { ussdMenu: 'You bought 500 of airtime.', shouldClose: true, ...infobipOk },
      },
      {
        path: '/s-77/end',
        method: 'PUT',
        request: { exitCode: 0, reason: 'ok' },
        answer: infobipOk,
      },
    ],
  },
};
