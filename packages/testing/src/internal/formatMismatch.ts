const indent = (text: string, prefix: string): string =>
  text
    .split('\n')
    .map((line) => `${prefix}${line}`)
    .join('\n');

/** A diff-like report of a screen that is not the expected one, with the transcript. */
export function formatMismatch(
  expected: string | RegExp,
  actual: string,
  transcript: readonly string[],
): string {
  const wanted =
    typeof expected === 'string'
      ? `Expected screen (- expected, + actual):\n${diffLines(expected, actual)}`
      : `Expected screen to match ${String(expected)}, actual screen:\n${indent(actual, '  + ')}`;
  return `${wanted}\n\nTranscript:\n${indent(transcript.join('\n'), '  ')}`;
}

function diffLines(expected: string, actual: string): string {
  const want = expected.split('\n');
  const got = actual.split('\n');
  const lines: string[] = [];
  for (let i = 0; i < Math.max(want.length, got.length); i += 1) {
    const a = want[i];
    const b = got[i];
    if (a === b) lines.push(`    ${a}`);
    else {
      if (a !== undefined) lines.push(`  - ${JSON.stringify(a).slice(1, -1)}`);
      if (b !== undefined) lines.push(`  + ${JSON.stringify(b).slice(1, -1)}`);
    }
  }
  return lines.join('\n');
}
