// Finds, in a doc's text, the values the sandbox interprets and says which ones it would refuse.
// The rules are in docValues.test.ts's header.

/** A value the sandbox interprets, at its 1-based line. */
export interface SandboxValue {
  readonly line: number;
  readonly kind: 'processId' | 'sku' | 'merchantCode' | 'dial';
  readonly value: string;
}

/** What the sandbox knows, read from its sources. */
export interface SandboxKnowledge {
  /** Ids of the embedded process catalogue. */
  readonly processIds: readonly string[];
  /** Skus of the demo catalogue: product groups and operator products. */
  readonly skus: readonly string[];
  /** The demo app's short code, as the sandbox answers it (`384*1`). */
  readonly demoShortcode: string;
}

// A TypeScript property with a literal string: `processId: 'x'` (not JSON's `"sku": "x"`).
const property = /\b(processId|sku|merchantCode)\s*:\s*(['"`])([^'"`\n$]*)\2/g;
// A dial string: `*<main>*<app code>[*<segment>…]#`.
const dialString = /\*(\d+)\*(\d+)(?:\*\d+)*#/g;
// A file that registers apps itself, with `POST /sandbox/apps` or an `appCode`, or whose dial
// strings are Africa's Talking service codes (its `serviceCode` field), which the sandbox's
// native gateway does not dial.
const registersApps = /POST\b[^\n]*\/sandbox\/apps\b(?!\/)|\bappCode['"]?\s*:|\bserviceCode\b/;

/** The values the sandbox interprets in `text`, in order. */
export function findSandboxValues(text: string): SandboxValue[] {
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;
  const found: SandboxValue[] = [];
  for (const match of text.matchAll(property)) {
    const kind = match[1] as 'processId' | 'sku' | 'merchantCode';
    found.push({ line: lineAt(match.index), kind, value: match[3] ?? '' });
  }
  for (const match of text.matchAll(dialString)) {
    found.push({ line: lineAt(match.index), kind: 'dial', value: match[0] });
  }
  return found.sort((a, b) => a.line - b.line);
}

/** One message (`file:line: …`) for each value of `text` the sandbox would refuse or fail. */
export function sandboxValueProblems(
  file: string,
  text: string,
  knows: SandboxKnowledge,
): string[] {
  const [mainCode, demoAppCode] = knows.demoShortcode.split('*');
  const demoDial = `*${knows.demoShortcode}#`;
  const problems: string[] = [];
  for (const { line, kind, value } of findSandboxValues(text)) {
    const at = `${file}:${line}`;
    if (kind === 'processId' && !knows.processIds.includes(value)) {
      problems.push(
        `${at}: processId '${value}' is not an embedded process of the sandbox, which has ${knows.processIds.join(', ')}`,
      );
    } else if (kind === 'sku' && !knows.skus.includes(value)) {
      problems.push(
        `${at}: sku '${value}' is not in the sandbox's demo catalogue, which has ${knows.skus.join(', ')}`,
      );
    } else if (
      kind === 'merchantCode' &&
      value.startsWith('999') &&
      !/InvalidMerchant/.test(text)
    ) {
      problems.push(
        `${at}: merchantCode '${value}' starts with 999, so every payment to it fails in the sandbox (InvalidMerchant); use another code, or say that it fails`,
      );
    } else if (kind === 'dial') {
      const [, main, appCode] = /^\*(\d+)\*(\d+)/.exec(value) ?? [];
      if (main !== mainCode || appCode === demoAppCode || registersApps.test(text)) continue;
      problems.push(
        `${at}: dial string '${value}' dials app code ${appCode}, which the sandbox does not have: its demo app is ${demoDial} (app code ${demoAppCode}), and this file registers no app of its own (POST /sandbox/apps)`,
      );
    }
  }
  return problems;
}
