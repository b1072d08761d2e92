/** A JSON POST to an adapter, as a provider sends it (`path` below `https://app.example/ussd`). */
export function postJson(path: string, body: unknown, method = 'POST'): Request {
  return new Request(`https://app.example/ussd${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The status and JSON body of an answer. */
export async function answerOf(response: Response): Promise<[number, unknown]> {
  return [response.status, await response.json()];
}
