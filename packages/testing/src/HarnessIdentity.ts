/**
 * Who a harness session says it is: the ids sent with every event and the extra headers (the
 * `Authorization` token). {@link createHarness} fills it from its options.
 *
 * @example
 * ```ts
 * const identity: HarnessIdentity = { clientId: 'c', appId: 'a', sessionId: 's', headers: {} };
 * ```
 */
export interface HarnessIdentity {
  readonly clientId: string;
  readonly appId: string;
  readonly sessionId: string;
  readonly headers: Record<string, string>;
}
