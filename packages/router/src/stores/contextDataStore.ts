import { createHmac, timingSafeEqual } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { SessionRecord, SessionStore } from '../SessionStore';
import { ContextDataTooLargeError } from './contextDataStoreErrors';

/**
 * Options of {@link contextDataStore}.
 *
 * @example
 * ```ts
 * contextDataStore({ secret: [process.env.NEW_SECRET!, process.env.OLD_SECRET!], maxBytes: 2048 });
 * ```
 */
export interface ContextDataStoreOptions {
  /**
   * The HMAC-SHA256 key, at least 32 characters. Give several to rotate keys: the first signs,
   * all verify.
   */
  readonly secret: string | readonly [string, ...string[]];
  /**
   * The largest `contextData` written, in bytes.
   * @defaultValue `4096`
   */
  readonly maxBytes?: number;
}

const version = 'v1';

function sign(secret: string, sessionId: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`${version}.${sessionId}.${payload}`).digest();
}

function isRecord(value: unknown): value is SessionRecord {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { flowVersion?: unknown }).flowVersion === 'string'
  );
}

/**
 * A stateless session store: the whole session record travels in `contextData`, which the gateway
 * echoes with every event. The value is `v1.<base64url deflated JSON>.<base64url HMAC-SHA256>`, the MAC
 * binding it to the session id, so a tampered, foreign or unsigned `contextData` loads as no
 * session (the router restarts the session politely). A record over `maxBytes` fails with
 * {@link ContextDataTooLargeError}. Events are serialised per session in this process only, and
 * since the gateway echoes the previous answer's `contextData`, replayed-event detection needs a
 * server-side store.
 *
 * @example
 * ```ts
 * const app = createApp({
 *   ...options,
 *   store: contextDataStore({ secret: process.env.USSD_STATE_SECRET! }),
 * });
 * ```
 */
export function contextDataStore(options: ContextDataStoreOptions): SessionStore {
  const secrets: readonly string[] =
    typeof options.secret === 'string' ? [options.secret] : options.secret;
  if (secrets.some((secret) => secret.length < 32)) {
    throw new Error('contextDataStore: each secret needs at least 32 characters');
  }
  const signer = secrets[0] as string;
  const maxBytes = options.maxBytes ?? 4096;
  const queues = new Map<string, Promise<unknown>>();

  return {
    async load(sessionId, contextData) {
      const [tag, payload, mac, extra] = contextData.split('.');
      if (tag !== version || payload === undefined || mac === undefined || extra !== undefined) {
        return undefined;
      }
      const given = Buffer.from(mac, 'base64url');
      const genuine = secrets.some((secret) => {
        const expected = sign(secret, sessionId, payload);
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
      if (!genuine) return undefined;
      try {
        const json = inflateRawSync(Buffer.from(payload, 'base64url')).toString('utf8');
        const parsed: unknown = JSON.parse(json);
        return isRecord(parsed) ? parsed : undefined;
      } catch {
        return undefined;
      }
    },
    async save(sessionId, record) {
      const payload = deflateRawSync(JSON.stringify(record)).toString('base64url');
      const mac = sign(signer, sessionId, payload).toString('base64url');
      const contextData = `${version}.${payload}.${mac}`;
      const size = Buffer.byteLength(contextData);
      if (size > maxBytes) throw new ContextDataTooLargeError(size, maxBytes);
      return contextData;
    },
    async delete() {
      // Nothing is kept: the record lives only in contextData.
    },
    withLock(sessionId, task) {
      const previous = queues.get(sessionId) ?? Promise.resolve();
      const run = previous.then(() => task());
      const tail = run.then(
        () => undefined,
        () => undefined,
      );
      queues.set(sessionId, tail);
      void tail.then(() => {
        if (queues.get(sessionId) === tail) queues.delete(sessionId);
      });
      return run;
    },
  };
}
