import { z } from 'zod';
import { ConfigError } from './ConfigError';

/** The environment variables the server reads, each checked before anything starts. */
const envSchema = z.object({
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65_535, 'a port number, 0 to 65535 (0 picks a free port)')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  USSD_APP_TOKEN: z
    .string({ error: 'required: the token the USSD gateway sends as Authorization' })
    .min(16, 'at least 16 characters: the token the USSD gateway sends as Authorization'),
  BANK_URL: z.url({
    protocol: /^https?$/,
    error: 'required: the http(s) URL of the bank API, e.g. https://bank.internal',
  }),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'a redis:// or rediss:// URL, or unset for memory' })
    .optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1)
    .max(600_000, 'milliseconds, 1 to 600000')
    .default(10_000),
});

/** The server's configuration, read from the environment. */
export type Config = z.output<typeof envSchema>;

/**
 * Reads and checks the environment; throws {@link ConfigError} naming every variable to fix.
 *
 * @example
 * ```ts
 * const config = loadConfig(process.env);
 * ```
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const parsed = envSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
  );
}
