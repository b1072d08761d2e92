import { HarnessSessionState } from '../HarnessSessionState';

/**
 * Options of `toMatchTranscript`.
 *
 * @example
 * ```ts
 * await expect(session).toMatchTranscript('buy', { normalize: (line) => line.replace(/REF-\S+/, 'REF-…') });
 * ```
 */
export interface TranscriptOptions {
  /** Rewrites each line before it is compared, e.g. to hide a generated reference or a date. */
  readonly normalize?: ((line: string) => string) | undefined;
}

/**
 * A harness session's transcript as the golden file holds it: a header, then one line per thing
 * the phone sent (`>`), showed (`<`) or the gateway did (`(gateway: …)`); what was typed on a
 * secret screen is already `••••` in the harness's transcript.
 *
 * @example
 * ```ts
 * const text = transcriptText(session); // '# ussdkit transcript\n> dial *384*1#\n< Menu…'
 * ```
 */
export function transcriptText(session: unknown, options: TranscriptOptions = {}): string {
  if (!(session instanceof HarnessSessionState)) {
    throw new TypeError(
      'toMatchTranscript checks a harness session: pass what createHarness(app).dial(…) resolved to',
    );
  }
  const normalize = options.normalize ?? ((line: string) => line);
  const lines = session.transcript.map(normalize);
  return `# ussdkit transcript: > sent by the phone, < shown on it\n${lines.join('\n')}\n`;
}
