import type { MenuBuilderComparison } from './MenuBuilderComparison';

/** A multi-line answer, each line under the label's indent. */
const block = (label: string, text: string) =>
  text
    .split('\n')
    .map((line, index) => `      ${index === 0 ? label : ' '.repeat(label.length)}${line}`)
    .join('\n');

/**
 * The comparison as a person reads it: the counts, then each difference with the inputs that led
 * to it and both answers.
 *
 * @example
 * ```ts
 * console.log(formatComparison(await compareWithMenuBuilder(options)));
 * ```
 */
export function formatComparison(comparison: MenuBuilderComparison): string {
  const { requests, identical, differences } = comparison;
  const reasks = differences.filter((difference) => difference.kind === 'reask').length;
  const lines = [
    `${requests} requests: ${identical} identical, ${differences.length} different${reasks > 0 ? ` (${reasks} re-ask${reasks === 1 ? '' : 's'} with a reason)` : ''}`,
  ];
  for (const difference of differences) {
    const path = difference.inputs.length === 0 ? 'the dial' : difference.inputs.join(' › ');
    lines.push(
      '',
      `  ${difference.kind} in sequence ${difference.sequence}, after ${path}`,
      block('original: ', difference.original),
      block('port:     ', difference.port),
    );
  }
  return lines.join('\n');
}
