/**
 * @module @ussdkit/testing/vitest
 *
 * Golden transcripts for Vitest: importing this module adds `toMatchTranscript` to `expect`.
 * `await expect(session).toMatchTranscript('buy-airtime')` compares a harness session's
 * transcript (each screen as the phone shows it, each input, secrets masked) with
 * `__transcripts__/buy-airtime.txt` next to the test file, written on the first run and
 * rewritten with `vitest -u`, like any file snapshot.
 */
import { expect, Snapshots } from 'vitest';
import { type TranscriptOptions, transcriptText } from './transcriptText';

export type { TranscriptOptions } from './transcriptText';
export { transcriptText } from './transcriptText';

/** Where a transcript named `name` is kept, relative to the test file. */
const fileOf = (name: string) => {
  if (!/^[\w.-]+$/.test(name) || name.startsWith('.')) {
    throw new TypeError(
      `a transcript name is a file name of letters, digits, ".", "_" and "-", not "${name}"`,
    );
  }
  return `__transcripts__/${name}.txt`;
};

expect.extend({
  async toMatchTranscript(session: unknown, name: string, options?: TranscriptOptions) {
    if (this.isNot) throw new TypeError('toMatchTranscript cannot be negated');
    return Snapshots.toMatchFileSnapshot.call(this, transcriptText(session, options), fileOf(name));
  },
});

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: the declaration merges with vitest's own `Matchers<T = any>`, so it must repeat it.
  interface Matchers<T = any> {
    /**
     * Compares the harness session's transcript with `__transcripts__/<name>.txt` beside the
     * test file (written when missing, rewritten with `vitest -u`). Await it.
     *
     * @example
     * ```ts
     * await expect(session).toMatchTranscript('buy-airtime');
     * ```
     */
    toMatchTranscript(name: string, options?: TranscriptOptions): Promise<T>;
  }
}
