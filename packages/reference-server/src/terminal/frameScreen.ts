import { wrapText } from './wrapText';

/** Options of {@link frameScreen}. */
export interface FrameOptions {
  /** Characters inside the frame. @defaultValue 30 */
  readonly width?: number;
  /** Shown at the left of the top bar (the short code). @defaultValue `""` */
  readonly title?: string;
  /** Shown at the right of the top bar (the session state). @defaultValue `""` */
  readonly status?: string;
  /** Shown under the screen (what the user may type). @defaultValue none */
  readonly footer?: string;
}

/** Default inner width of the phone frame, in characters. */
export const FRAME_WIDTH = 30;

/**
 * Draws a USSD screen as a phone display: a box of fixed width with a top bar (short code and
 * state), the word-wrapped screen text, and an optional footer.
 *
 * @example
 * ```ts
 * console.log(frameScreen('Welcome\n1. Airtime', { title: '*384*1#', status: 'open' }));
 * ```
 */
export function frameScreen(screen: string, options: FrameOptions = {}): string {
  const width = options.width ?? FRAME_WIDTH;
  const rule = '─'.repeat(width + 2);
  const row = (text: string) => `│ ${text.padEnd(width)} │`;
  const title = options.title ?? '';
  const status = options.status ?? '';
  const gap = Math.max(1, width - title.length - status.length);
  const bar = `${title}${' '.repeat(gap)}${status}`.slice(0, width);
  const lines = [`┌${rule}┐`, row(bar), `├${rule}┤`, ...wrapText(screen, width).map(row)];
  if (options.footer !== undefined) {
    lines.push(`├${rule}┤`, ...wrapText(options.footer, width).map(row));
  }
  lines.push(`└${rule}┘`);
  return lines.join('\n');
}
