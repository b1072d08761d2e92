import { readBody } from './readBody';
import { textResponse } from './textResponse';

/**
 * The form fields of an Africa's Talking request (first value of each), or the 4xx answer that
 * says what is wrong with the request: not a POST, not a form, over the size limit.
 */
export async function readForm(
  request: Request,
  maxBodyBytes: number,
): Promise<Record<string, string> | Response> {
  if (request.method !== 'POST') {
    return textResponse(405, `Africa's Talking POSTs its requests; this was a ${request.method}`, {
      allow: 'POST',
    });
  }
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
    return textResponse(
      415,
      `Expected a form (content-type application/x-www-form-urlencoded), as Africa's Talking sends; got ${type === '' ? 'no content-type' : type}`,
    );
  }
  const body = await readBody(request, maxBodyBytes);
  if (body === undefined) {
    // The unread rest of the body makes the connection unusable: ask the client to close it.
    return textResponse(413, `The body is over ${maxBodyBytes} bytes`, { connection: 'close' });
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (!(name in fields)) fields[name] = value;
  }
  return fields;
}
