import { z } from 'zod';

/** Permissions the sandbox knows; any other string is kept and reported to the gateway as is. */
export const knownPermissions = ['ACQUIRE', 'PUSH', 'RECOVERY', 'EMBEDDED_PROCESS'] as const;

const money = z.number().finite();

/**
 * The fields of a developer that `PATCH /sandbox/developers/{clientId}` may change, without
 * defaults; `callbackUrl: null` removes the callback URL.
 */
export const developerPatchSchema = z.object({
  clientId: z.string().min(1).optional(),
  clientSecret: z.string().min(1).optional(),
  name: z.string().optional(),
  callbackUrl: z
    .url({ protocol: /^https?$/ })
    .nullable()
    .optional(),
  balance: money.optional(),
  virtualPurse: money.optional(),
  feePerTick: money.nonnegative().optional(),
  permissions: z.array(z.string().min(1)).optional(),
  msisdn: z.string().optional(),
  emailAddress: z.string().optional(),
  country: z.string().optional(),
});
export type DeveloperPatch = z.output<typeof developerPatchSchema>;

/**
 * A developer (client) of the service, as written in a configuration file or sent to
 * `POST /sandbox/developers`. Every field but the credentials has a default.
 *
 * @example
 * ```json
 * { "clientId": "shop", "clientSecret": "s3cret", "callbackUrl": "http://127.0.0.1:3001/cb" }
 * ```
 */
export const developerConfigSchema = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  /** @defaultValue `"Sandbox Developer"` */
  name: z.string().default('Sandbox Developer'),
  /** Where callbacks go; none are sent (each is logged as undeliverable) while absent. */
  callbackUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** Naira available for acquires. @defaultValue 1_000_000 */
  balance: money.default(1_000_000),
  /** Naira available for pushes and session fees. @defaultValue 10_000 */
  virtualPurse: money.default(10_000),
  /** Naira charged per started 20 s of a session. @defaultValue 2 */
  feePerTick: money.nonnegative().default(2),
  /** @defaultValue every known permission: ACQUIRE, PUSH, RECOVERY, EMBEDDED_PROCESS */
  permissions: z.array(z.string().min(1)).default([...knownPermissions]),
  /** Profile fields answered by `GET /client/info`. */
  msisdn: z.string().default('+2348000000000'),
  emailAddress: z.string().default('developer@example.com'),
  country: z.string().default('NG'),
});

/** A developer with every default applied. */
export type Developer = z.output<typeof developerConfigSchema>;
/** A developer as written (defaults may be left out). */
export type DeveloperConfig = z.input<typeof developerConfigSchema>;
