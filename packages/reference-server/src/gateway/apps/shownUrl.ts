/**
 * A URL as the transcript, the messages and the log show it: its query (where the `secret` of an
 * Africa's Talking adapter goes) is never written.
 *
 * @example
 * ```ts
 * shownUrl('http://127.0.0.1:3000/at?secret=s3cret'); // 'http://127.0.0.1:3000/at?…'
 * ```
 */
export function shownUrl(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : `${url.slice(0, at)}?…`;
}
