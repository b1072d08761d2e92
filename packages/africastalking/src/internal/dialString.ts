/**
 * The whole dialled string of a session's first request: the `serviceCode` with the segments the
 * customer dialled after it, which Africa's Talking sends in `text` (`*384*1234#` and `5*1`
 * give `*384*1234*5*1#`). A `serviceCode` without its closing `#` gets one.
 *
 * @example
 * ```ts
 * dialString('*384*1234#', ''); // '*384*1234#'
 * dialString('*384*1234#', '5'); // '*384*1234*5#'
 * ```
 */
export function dialString(serviceCode: string, text: string): string {
  const code = serviceCode.endsWith('#') ? serviceCode.slice(0, -1) : serviceCode;
  return text === '' ? `${code}#` : `${code}*${text}#`;
}
