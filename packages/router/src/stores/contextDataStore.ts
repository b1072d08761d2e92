import { fromBase64url, toBase64url } from '../internal/stores/base64url';
import { deflate, inflate } from '../internal/stores/deflate';
import type { SessionRecord, SessionStore } from '../SessionStore';
import { ContextDataStoreOptionsError, ContextDataTooLargeError } from './contextDataStoreErrors';

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
   * The key material, at least 32 characters (an AES-256-GCM key is derived from it with
   * HKDF-SHA256). Give several to rotate keys: the first encrypts, all decrypt. An empty list or
   * a shorter secret throws {@link ContextDataStoreOptionsError} at once.
   */
  readonly secret: string | readonly [string, ...string[]];
  /**
   * The largest `contextData` written, in bytes.
   * @defaultValue `4096`
   */
  readonly maxBytes?: number;
  /**
   * How long a `contextData` is accepted after it was written: the gateway's 120 s session limit
   * plus a margin. An older one loads as no session.
   * It is counted on the clock of the instance that reads the value: the default's 60 s margin
   * over the session limit also absorbs a reader whose clock is ahead of the writer's.
   * @defaultValue `180_000`
   */
  readonly maxAgeMs?: number;
  /**
   * How far the clocks of two instances may differ: a value written by an instance whose clock
   * is ahead reads as issued in the future, and is accepted up to this much ahead (beyond it, as
   * a value from the future, it loads as no session). Clocks kept by NTP differ by milliseconds;
   * the default leaves room for hosts whose sync is off by seconds.
   * @defaultValue `30_000`
   */
  readonly clockSkewMs?: number;
  /** The clock, for tests. @defaultValue `Date.now` */
  readonly now?: () => number;
}

const version = 'v2';
/** Web Crypto's key type, named through the API so no DOM or Node typings are needed. */
type AesKey = Awaited<ReturnType<typeof crypto.subtle.deriveKey>>;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** An AES-256-GCM key derived from a secret (HKDF-SHA256), once per secret. */
function deriveKey(secret: string): Promise<AesKey> {
  return crypto.subtle
    .importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey'])
    .then((material) =>
      crypto.subtle.deriveKey(
        {
          name: 'HKDF',
          hash: 'SHA-256',
          salt: new Uint8Array(0),
          info: encoder.encode('ussdkit contextDataStore v2'),
        },
        material,
        { name: 'AES-GCM', length: 256 },
        false,
        ['encrypt', 'decrypt'],
      ),
    );
}

/**
 * The secrets as a list, each a string of 32 characters or more, at least one; else the error
 * that names the one at fault by its place (never its value).
 */
function checkSecrets(secret: unknown): readonly string[] {
  const secrets: readonly unknown[] = Array.isArray(secret) ? secret : [secret];
  if (secrets.length === 0) {
    throw new ContextDataStoreOptionsError(
      'secret',
      'the list of secrets is empty, so nothing could encrypt a session; give at least one secret of 32 characters or more (e.g. secret: process.env.USSD_STATE_SECRET)',
    );
  }
  secrets.forEach((value, index) => {
    const which = secrets.length === 1 ? 'the secret' : `secret number ${index + 1} of the list`;
    if (typeof value !== 'string') {
      throw new ContextDataStoreOptionsError(
        'secret',
        `${which} is ${value === undefined ? 'undefined (is its environment variable set?)' : `a ${typeof value}`}; give a string of at least 32 characters`,
      );
    }
    if (value.length < 32) {
      throw new ContextDataStoreOptionsError(
        'secret',
        `${which} has ${value.length} characters; each needs at least 32 characters (generate one with: openssl rand -base64 32)`,
      );
    }
  });
  return secrets as readonly string[];
}

/** What the ciphertext holds: the record and when it was written. */
interface Sealed {
  readonly record: SessionRecord;
  readonly issuedAt: number;
}

function isSealed(value: unknown): value is Sealed {
  if (typeof value !== 'object' || value === null) return false;
  const { record, issuedAt } = value as { record?: unknown; issuedAt?: unknown };
  return (
    typeof issuedAt === 'number' &&
    typeof record === 'object' &&
    record !== null &&
    typeof (record as { flowVersion?: unknown }).flowVersion === 'string'
  );
}

/**
 * A stateless session store: the whole session record travels in `contextData`, which the gateway
 * echoes with every event. The value is `v2.<base64url IV + AES-256-GCM ciphertext>`: the state
 * (and the msisdn in it) is unreadable to anyone without the key, the session id is bound in as
 * associated data, and every value carries its issue time and expires after `maxAgeMs`. A
 * tampered, foreign, expired or unencrypted `contextData` loads as no session (the router
 * restarts the session politely). A record over `maxBytes` fails with
 * {@link ContextDataTooLargeError}. Events are serialised per session in this process only.
 * Trust model: only the gateway, which holds the app's token, can send an older `contextData`
 * of a session again (within `maxAgeMs`); where that matters, and for replayed-event detection,
 * use a server-side store. Web Crypto and Compression Streams only: it runs on every runtime.
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
  const secrets = checkSecrets(options.secret);
  const keys = secrets.map((secret) => deriveKey(secret));
  const maxBytes = options.maxBytes ?? 4096;
  const maxAgeMs = options.maxAgeMs ?? 180_000;
  const clockSkewMs = options.clockSkewMs ?? 30_000;
  if (!Number.isFinite(clockSkewMs) || clockSkewMs < 0) {
    throw new ContextDataStoreOptionsError(
      'clockSkewMs',
      `${clockSkewMs} is not a duration; give the milliseconds two instances' clocks may differ by (0 or more, 30000 by default)`,
    );
  }
  const now = options.now ?? Date.now;
  const queues = new Map<string, Promise<unknown>>();
  const associated = (sessionId: string) => encoder.encode(`${version}.${sessionId}`);

  async function open(sessionId: string, sealed: Uint8Array<ArrayBuffer>): Promise<unknown> {
    const iv = sealed.subarray(0, 12);
    const data = sealed.subarray(12);
    for (const key of keys) {
      try {
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv, additionalData: associated(sessionId) },
          await key,
          data,
        );
        return JSON.parse(decoder.decode(await inflate(new Uint8Array(plain))));
      } catch {
        // Not this key (or not ours at all): try the next.
      }
    }
    return undefined;
  }

  return {
    async load(sessionId, contextData) {
      const [tag, payload, extra] = contextData.split('.');
      if (tag !== version || payload === undefined || extra !== undefined) return undefined;
      const sealed = fromBase64url(payload);
      if (sealed === undefined || sealed.length < 12 + 16) return undefined;
      const value = await open(sessionId, sealed);
      if (!isSealed(value)) return undefined;
      const age = now() - value.issuedAt;
      return age >= -clockSkewMs && age <= maxAgeMs ? value.record : undefined;
    },
    async save(sessionId, record) {
      const plain = await deflate(
        encoder.encode(JSON.stringify({ record, issuedAt: now() } satisfies Sealed)),
      );
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const cipher = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: associated(sessionId) },
        await (keys[0] as Promise<AesKey>),
        plain,
      );
      const sealed = new Uint8Array(12 + cipher.byteLength);
      sealed.set(iv);
      sealed.set(new Uint8Array(cipher), 12);
      // base64url is ASCII: its length is its size in bytes.
      const contextData = `${version}.${toBase64url(sealed)}`;
      if (contextData.length > maxBytes) {
        throw new ContextDataTooLargeError(contextData.length, maxBytes);
      }
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
