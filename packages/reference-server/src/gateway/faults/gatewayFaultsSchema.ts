import { z } from 'zod';

/** How often a fault fires: from 0 (never) to 1 (every time it can). @defaultValue 1 */
const probability = z.number().min(0).max(1).optional();

/** A fault that needs nothing but how often it fires. */
const fault = z.strictObject({ probability });

/**
 * The body of `PUT /sandbox/apps/{appId}/faults`: the faults the gateway injects into the
 * sessions of one app, each optional, each with an optional `probability`, drawn from a
 * generator seeded with `seed` so that a test sees the same faults on every run
 * (docs/faults.md). Unknown fields are refused, so a typo is a 400 naming it.
 *
 * @example
 * ```ts
 * const faults = gatewayFaultsSchema.parse({ seed: 7, duplicate: {}, delay: { ms: 200, probability: 0.5 } });
 * ```
 */
export const gatewayFaultsSchema = z.strictObject({
  /** Seed of the generator that decides each fault. @defaultValue 1 */
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .optional(),
  /** Waits `ms` of real time before sending each event to the app. */
  delay: z.strictObject({ ms: z.number().int().min(1).max(10_000), probability }).optional(),
  /** Sends `new` or `continue` twice; the gateway goes on with the second answer. */
  duplicate: fault.optional(),
  /** After a `continue` is answered, delivers the session's previous event again, late. */
  reorder: fault.optional(),
  /** Throws away the app's answer to `new` or `continue`: the gateway times out and aborts. */
  dropAnswer: fault.optional(),
  /** Ends the session with close `Timeout` right after a screen that asks for input. */
  cut: fault.optional(),
  /** Sends `continue`, `close` and `abort` with a contextData the app never gave. */
  corruptContextData: fault.optional(),
});

/**
 * Faults of one app, as `PUT /sandbox/apps/{appId}/faults` takes them and `GET` answers them.
 *
 * @example
 * ```ts
 * const faults: GatewayFaults = { seed: 1, cut: { probability: 0.25 } };
 * ```
 */
export type GatewayFaults = z.infer<typeof gatewayFaultsSchema>;

/**
 * The kinds of fault, in the order the gateway decides them for each event.
 *
 * @example
 * ```ts
 * for (const kind of faultKinds) console.log(kind);
 * ```
 */
export const faultKinds = [
  'delay',
  'duplicate',
  'reorder',
  'dropAnswer',
  'cut',
  'corruptContextData',
] as const;

/**
 * One kind of fault.
 *
 * @example
 * ```ts
 * const kind: FaultKind = 'dropAnswer';
 * ```
 */
export type FaultKind = (typeof faultKinds)[number];
