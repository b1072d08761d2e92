/** A `text/plain` answer: what Africa's Talking reads, and how every refusal is worded. */
export function textResponse(
  status: number,
  text: string,
  headers: Readonly<Record<string, string>> = {},
): Response {
  return new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', ...headers },
  });
}
