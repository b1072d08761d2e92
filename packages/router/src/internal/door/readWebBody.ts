/** A request body as text, and whether reading stopped at the limit (the rest is left unread). */
export interface BodyText {
  readonly text: string;
  readonly cut: boolean;
}

/** Reads a web `Request` body up to `limit` bytes, with web streams only (any runtime). */
export async function readWebBody(request: Request, limit: number): Promise<BodyText> {
  if (request.body === null) return { text: '', cut: false };
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return { text: text + decoder.decode(), cut: true };
    }
  }
  return { text: text + decoder.decode(), cut: false };
}
