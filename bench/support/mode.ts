import { writeFileSync } from 'node:fs';

/** True when the bench runs in quick mode (CI: tiny iteration counts, no figures kept). */
export const quick = process.env.BENCH_QUICK === '1' || process.argv.includes('--quick');

/** `full` in the full bench, `small` in quick mode. */
export function pick<T>(full: T, small: T): T {
  return quick ? small : full;
}

/** One measured figure, as the report needs it. */
export interface Figure {
  /** What is measured, e.g. "router, 4-screen flow, events/s". */
  readonly name: string;
  readonly unit: string;
  readonly ours: number;
  readonly ourLabel: string;
  readonly baseline?: number;
  readonly baselineLabel?: string;
  /** ours / baseline (or baseline / ours for lower-is-better units), computed by the writer. */
  readonly higherIsBetter: boolean;
  /** The target in words and whether it is met; absent for figures without a target. */
  readonly target?: { readonly text: string; readonly met: boolean };
  readonly note?: string;
}

/** A bench script's result: its figures and free-form details for the report. */
export interface ScriptResult {
  readonly script: string;
  readonly title: string;
  readonly figures: readonly Figure[];
  readonly details?: readonly string[];
}

/** Prints the result and writes it to `BENCH_RESULT` when the runner asked for it. */
export function report(result: ScriptResult): void {
  for (const figure of result.figures) {
    const base =
      figure.baseline === undefined ? '' : ` | ${figure.baselineLabel}: ${fmt(figure.baseline)}`;
    const target = figure.target === undefined ? '' : ` | ${figure.target.met ? 'MET' : 'NOT MET'}`;
    console.log(
      `${figure.name}: ${figure.ourLabel} ${fmt(figure.ours)} ${figure.unit}${base}${target}`,
    );
  }
  for (const line of result.details ?? []) console.log(`  ${line}`);
  const out = process.env.BENCH_RESULT;
  if (out !== undefined && out !== '') writeFileSync(out, JSON.stringify(result, null, 2));
}

/** A number with 3 significant digits (integers above 1000 kept whole). */
export function fmt(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 1000) return Math.round(value).toLocaleString('en-US');
  return Number(value.toPrecision(3)).toString();
}
