/**
 * What the harness needs of a `@ussdkit/router` app: its framework-agnostic `handle`. Every app
 * made with `createApp` has it; a hand-written handler of the same shape works too.
 *
 * @example
 * ```ts
 * const phone = createHarness(app satisfies UssdHandler);
 * ```
 */
export interface UssdHandler {
  handle(request: {
    path: string;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }): Promise<{ status: number; body?: unknown }>;
}
