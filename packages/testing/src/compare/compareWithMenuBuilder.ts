import { askOriginal, type Outcome } from './internal/askOriginal';
import { askPort } from './internal/askPort';
import type {
  ComparisonDifference,
  ComparisonOptions,
  MenuBuilderComparison,
} from './MenuBuilderComparison';

/**
 * Runs a ussd-menu-builder app and its port on the same Africa's Talking requests and lists every
 * answer that differs, to trust a port before its callback URL moves. Each sequence is a session:
 * the dial (`text` empty), then one request per input, `text` holding every input so far joined
 * by `*`, as Africa's Talking sends it, until either side ends the session. Both sides are made
 * afresh per sequence. A difference
 * where the original showed the same screen again and the port shows it under one more line (its
 * reason) is a `reask`, which a port is expected to have; the rest are for a person to judge.
 *
 * @example
 * ```ts
 * import { africasTalking } from '@ussdkit/africastalking';
 * import { compareWithMenuBuilder, formatComparison } from '@ussdkit/testing/compare';
 *
 * const comparison = await compareWithMenuBuilder({
 *   original: () => bankingMenu(fakeServices()),
 *   port: () => africasTalking(bankingApp(fakeServices())),
 *   sequences: [['1', '250'], ['3', '12', '1234'], ['9']],
 * });
 * console.log(formatComparison(comparison));
 * ```
 */
export async function compareWithMenuBuilder(
  options: ComparisonOptions,
): Promise<MenuBuilderComparison> {
  const serviceCode = options.serviceCode ?? '*384*1234#';
  const phoneNumber = options.phoneNumber ?? '+254711000001';
  const networkCode = options.networkCode ?? '63902';
  const timeoutMs = options.timeoutMs ?? 5000;
  const differences: ComparisonDifference[] = [];
  let requests = 0;
  for (const [sequence, inputs] of options.sequences.entries()) {
    const original = options.original();
    const port = options.port();
    const sessionId = `ATUid_compare_${sequence}_${Date.now().toString(36)}`;
    let before: Outcome | undefined;
    for (let typed = 0; typed <= inputs.length; typed++) {
      const args = { sessionId, serviceCode, phoneNumber, text: inputs.slice(0, typed).join('*') };
      const theirs = await askOriginal(original, args, timeoutMs);
      const ours = await askPort(port, args, networkCode);
      requests += 1;
      const difference = compare(theirs, ours, before);
      if (difference !== undefined) {
        differences.push({ ...difference, sequence, inputs: inputs.slice(0, typed) });
      }
      before = theirs;
      // A session that ended (or failed) on either side takes no more input: what followed
      // would answer a session the phone no longer has.
      if (ended(theirs) || ended(ours)) break;
    }
  }
  return { requests, identical: requests - differences.length, differences };
}

const ended = (outcome: Outcome) => !('answer' in outcome) || !outcome.answer.startsWith('CON ');

function compare(
  theirs: Outcome,
  ours: Outcome,
  before: Outcome | undefined,
): Omit<ComparisonDifference, 'sequence' | 'inputs'> | undefined {
  const original = 'answer' in theirs ? theirs.answer : theirs.failure;
  const port = 'answer' in ours ? ours.answer : ours.failure;
  if (!('answer' in theirs)) return { kind: 'original-failed', original, port };
  if (!('answer' in ours)) return { kind: 'port-failed', original, port };
  if (original === port) return undefined;
  // The original asked again by showing the same screen; the port said why above it.
  const again = before !== undefined && 'answer' in before && before.answer === original;
  const shown = original.slice('CON '.length);
  if (
    again &&
    original.startsWith('CON ') &&
    port.startsWith('CON ') &&
    port.endsWith(`\n${shown}`)
  ) {
    const reason = port.slice('CON '.length, port.length - shown.length - 1);
    if (!reason.includes('\n')) return { kind: 'reask', original, port, reason };
  }
  return { kind: 'different', original, port };
}
