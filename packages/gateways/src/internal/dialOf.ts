/** A dialled string: `*`, digit groups joined by `*`, `#`. */
const DIALLED = /^\*[0-9]+(?:\*[0-9]+)*#$/;
/** A service code as providers write it: with or without its `*` and `#` (`713*4`, `*714*100#`). */
const CODE = /^\*?([0-9]+(?:\*[0-9]+)*)#?$/;

/**
 * The whole dialled string of a session's first request: `first` (what the provider sends as the
 * first input, the dialled string on Hubtel, Arkesel, Nalo and Infobip: `*713*4*2#` for a deep
 * link) when it is one, else the service code as a dial (`713*4` gives `*713*4#`), else `''`
 * (the app then starts at its `start` screen).
 *
 * @example
 * ```ts
 * dialOf('*713*4*2#', '713*4'); // '*713*4*2#'
 * dialOf('', '713*4'); // '*713*4#'
 * ```
 */
export function dialOf(first: string, serviceCode = ''): string {
  const dialled = first.trim();
  if (DIALLED.test(dialled)) return dialled;
  const code = CODE.exec(serviceCode.trim())?.[1];
  return code === undefined ? '' : `*${code}#`;
}
