import { fromBase64url, toBase64url } from '../internal/stores/base64url';
import { deflate, inflate } from '../internal/stores/deflate';
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
   * The key material, at least 32 characters (an AES-256-GCM key is derived from it with
   * HKDF-SHA256). Give several to rotate keys: the first encrypts, all decrypt.
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
   * @defaultValue `180_000`
   */
  readonly maxAgeMs?: number;
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
  const secrets: readonly string[] =
    typeof options.secret === 'string' ? [options.secret] : options.secret;
  if (secrets.some((secret) => secret.length < 32)) {
    throw new Error('contextDataStore: each secret needs at least 32 characters');
  }
  const keys = secrets.map((secret) => deriveKey(secret));
  const maxBytes = options.maxBytes ?? 4096;
  const maxAgeMs = options.maxAgeMs ?? 180_000;
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
      return age >= 0 && age <= maxAgeMs ? value.record : undefined;
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
