/** The sandbox's phone API, over HTTP: what a customer does, and what the sandbox reports. */

/** What the phone shows after a dial or an input. */
export interface PhoneScreen {
  readonly sessionId: string;
  readonly screen: string;
  readonly open: boolean;
  /** Present when the next input is secret. */
  readonly secret?: true;
}

/** One line of a session's transcript. */
export interface TranscriptLine {
  readonly from: 'phone' | 'app' | 'gateway';
  readonly text: string;
}

/** `GET /sandbox/sessions/{id}`, the fields the contract tests read. */
export interface SessionReport {
  readonly sessionId: string;
  readonly open: boolean;
  readonly closeReason?: string;
  readonly abortReason?: string;
  readonly abortMessage?: string;
  readonly transcript: readonly TranscriptLine[];
}

/** A customer's phone on the sandbox, and the sandbox's reports. */
export interface SandboxPhone {
  /** `POST /sandbox/sessions`: dials `dial` from the phone. */
  dial(dial: string): Promise<PhoneScreen>;
  /** `POST /sandbox/sessions/{id}/input`. */
  send(sessionId: string, text: string): Promise<PhoneScreen>;
  /** `POST /sandbox/sessions/{id}/cancel`: the customer hangs up. */
  cancel(sessionId: string): Promise<void>;
  /** `POST /sandbox/clock/advance`: sandbox time moves on, its timers run. */
  advance(seconds: number): Promise<void>;
  /** `PUT /sandbox/apps/{appId}/faults` (`{}`: none). */
  faults(appId: string, faults: Record<string, unknown>): Promise<void>;
  /** `GET /sandbox/sessions/{id}`, and the raw JSON text it came as. */
  report(sessionId: string): Promise<{ report: SessionReport; raw: string }>;
}

/** The phone number of every test: an MTN Nigeria number, as the sandbox's networks are. */
export const PHONE = '08031234567';
/** {@link PHONE} as every adapter hands it to the app: international, with its `+`. */
export const MSISDN = '+2348031234567';

/** The phone of the sandbox at `base`; any answer but 200 fails the test with its body. */
export function sandboxPhone(base: string): SandboxPhone {
  const call = async (method: string, path: string, body?: unknown): Promise<string> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text;
  };
  const session = (id: string) => `/sandbox/sessions/${encodeURIComponent(id)}`;
  return {
    dial: async (dial) =>
      JSON.parse(await call('POST', '/sandbox/sessions', { msisdn: PHONE, dial })) as PhoneScreen,
    send: async (sessionId, text) =>
      JSON.parse(await call('POST', `${session(sessionId)}/input`, { text })) as PhoneScreen,
    cancel: async (sessionId) => {
      await call('POST', `${session(sessionId)}/cancel`);
    },
    advance: async (seconds) => {
      await call('POST', '/sandbox/clock/advance', { seconds });
    },
    faults: async (appId, faults) => {
      await call('PUT', `/sandbox/apps/${encodeURIComponent(appId)}/faults`, faults);
    },
    report: async (sessionId) => {
      const raw = await call('GET', session(sessionId));
      return { report: JSON.parse(raw) as SessionReport, raw };
    },
  };
}
