/**
 * What the gateway shows by itself, in one place for every side that plays it (the sandbox's
 * gateway, the test harness, the gateway adapters): the line put above a chooser asked again after
 * an invalid choice (see {@link reaskChooser}), the last screens of a session the gateway ends
 * (aborted, timed out, cancelled), and the mask written for a secret input.
 *
 * @example
 * ```ts
 * if (!report.open && report.abortReason !== undefined) expect(screen).toBe(gatewayTexts.aborted);
 * ```
 */
export const gatewayTexts = {
  /** Put above a chooser asked again after an invalid choice. */
  invalidChoice: 'Invalid choice. Try again.',
  /** The phone's last screen when the gateway aborts a session. */
  aborted: 'Service temporarily unavailable. Please try again later.',
  /** The phone's last screen when the operator's time limit closes a session (`Timeout`). */
  timeout: 'Session timed out.',
  /** The phone's last screen when the customer cancels (`Abandon`). */
  abandoned: 'Session cancelled.',
  /**
   * What transcripts, logs and phones write for an input typed on a screen that asks a secret
   * (a PIN): the same four dots whatever was typed, so its length does not show either.
   */
  secretMask: '••••',
} as const;

/**
 * The names of {@link gatewayTexts}.
 *
 * @example
 * ```ts
 * const key: GatewayTextKey = 'invalidChoice';
 * ```
 */
export type GatewayTextKey = keyof typeof gatewayTexts;
