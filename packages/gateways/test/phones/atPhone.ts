import { BASE, type Caller, type Phone, type Post, secretOf, served } from './Phone';

/** A form POST, as Africa's Talking sends every request. */
function formRequest(form: Record<string, string>): Request {
  return new Request(`${BASE}/at`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

/** Africa's Talking: `text` is every input so far joined by `*`; `CON` / `END` answers. */
export function atPhone(post: Post, { sessionId, msisdn = '254711000001' }: Caller): Phone {
  const inputs: string[] = [];
  const identity = { sessionId, serviceCode: '*384*1234#', phoneNumber: `+${msisdn}` };
  const exchange = async () => {
    const response = await post(
      formRequest({ ...identity, networkCode: '63902', text: inputs.join('*') }),
    );
    const secret = secretOf(response);
    const match = /^(CON|END) ([\s\S]*)$/.exec(await served(response));
    if (match === null) throw new Error("not an Africa's Talking answer");
    return { shows: match[2] ?? '', continues: match[1] === 'CON', secret };
  };
  return {
    dial: (segments = []) => {
      inputs.push(...segments);
      return exchange();
    },
    send: (input) => {
      inputs.push(input);
      return exchange();
    },
    timeout: () =>
      post(formRequest({ ...identity, status: 'Failed', errorMessage: 'Session timed out' })),
  };
}
