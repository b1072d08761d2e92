/** The form fields of one Africa's Talking request. */
export type AtForm = Readonly<Record<string, string>>;

/**
 * A request exactly as Africa's Talking sends it: a form POST
 * (`application/x-www-form-urlencoded`) to the callback URL.
 */
export function atRequest(form: AtForm, url = 'https://app.example/ussd/at'): Request {
  return new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

/**
 * One customer's session as Africa's Talking runs it: `dial` sends the first request (its `text`
 * holds the segments dialled after the service code), each `send` sends `text` grown by the new
 * input (every input of the session joined by `*`). The answers are the handler's `text/plain`.
 */
export function atPhone(
  handler: (request: Request) => Promise<Response>,
  identity: { sessionId: string; phoneNumber?: string; serviceCode?: string },
) {
  const inputs: string[] = [];
  const form = (): AtForm => ({
    sessionId: identity.sessionId,
    serviceCode: identity.serviceCode ?? '*384*1234#',
    phoneNumber: identity.phoneNumber ?? '+254711000001',
    networkCode: '63902',
    text: inputs.join('*'),
  });
  const post = async () => {
    const response = await handler(atRequest(form()));
    if (response.status !== 200) {
      throw new Error(`the handler answered ${response.status}: ${await response.text()}`);
    }
    return response.text();
  };
  return {
    /** The first request; `segments` as dialled after the code (`*384*1234*5#`: `['5']`). */
    dial: (segments: readonly string[] = []) => {
      inputs.push(...segments);
      return post();
    },
    /** The customer types `input` and sends it. */
    send: (input: string) => {
      inputs.push(input);
      return post();
    },
    /** The same request again, as a retry. */
    repeat: post,
    /** The `text` of the last request. */
    get text() {
      return inputs.join('*');
    },
  };
}

/** The end-of-session notification Africa's Talking sends to the notifications URL. */
export function atNotification(fields: AtForm): Request {
  return atRequest({
    phoneNumber: '+254711000001',
    serviceCode: '*384*1234#',
    networkCode: '63902',
    durationInMillis: '4200',
    errorMessage: '',
    hopsCount: '2',
    cost: 'KES 0.0000',
    date: '2024-05-02 10:11:12',
    ...fields,
  });
}
