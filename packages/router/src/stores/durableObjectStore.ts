import {
  type Loaded,
  type LockGranted,
  type LockRefused,
  type LockRequest,
  opUrl,
  type SessionObjectOp,
} from '../internal/stores/sessionObjectProtocol';
import type { SessionRecord, SessionStore } from '../SessionStore';
import { SessionLockLostError } from './durableObjectStoreErrors';
import { SessionLockTimeoutError, StoreUnavailableError } from './redisStoreErrors';
import { runUnderLock } from './runUnderLock';

/**
 * A Durable Object stub as the store uses it: `fetch` only. Declared here so that the router
 * needs no `@cloudflare/workers-types`; Cloudflare's `DurableObjectStub` fits it.
 *
 * @example
 * ```ts
 * const stub: DurableObjectStubLike = env.USSD_SESSIONS.get(env.USSD_SESSIONS.idFromName(id));
 * ```
 */
export interface DurableObjectStubLike {
  fetch(request: Request): Promise<Response>;
}

/**
 * A Durable Object namespace binding (`env.USSD_SESSIONS`) as the store uses it: an id from a
 * name, and a stub for that id. Cloudflare's `DurableObjectNamespace` fits it.
 *
 * @example
 * ```ts
 * interface Env { readonly USSD_SESSIONS: DurableObjectNamespaceLike }
 * ```
 */
export interface DurableObjectNamespaceLike<Id = unknown> {
  idFromName(name: string): Id;
  get(id: Id): DurableObjectStubLike;
}

/**
 * Options of {@link durableObjectStore}.
 *
 * @example
 * ```ts
 * durableObjectStore({ namespace: env.USSD_SESSIONS, lockWaitMs: 1_000 });
 * ```
 */
export interface DurableObjectStoreOptions<Id = unknown> {
  /** The binding of `UssdSessionObject` (`[[durable_objects.bindings]]` in `wrangler.toml`). */
  readonly namespace: DurableObjectNamespaceLike<Id>;
  /**
   * How long a session is kept after its last event, slightly above the gateway's 120 s
   * session limit; then an alarm deletes it.
   * @defaultValue `180_000`
   */
  readonly ttlMs?: number;
  /**
   * How long a session lock lives when its holder never releases it (a Worker that crashed or
   * was cancelled). While the holder runs, the lease is renewed every half of this.
   * @defaultValue `5_000`
   */
  readonly lockTimeoutMs?: number;
  /**
   * How long an event waits for the lock held by another event of the same session before it
   * fails with {@link SessionLockTimeoutError} (the customer is asked to answer again). With the
   * default `deadlineMs` (3500), it keeps the whole answer under the gateway's 5 s.
   * @defaultValue `1_000`
   */
  readonly lockWaitMs?: number;
}

/** What a holder of a session's lock knows: the record as locked, and the writes made since. */
interface Holding {
  readonly token: string;
  readonly version: number;
  readonly record: SessionRecord | undefined;
  /** The record saved under the lock, as JSON (a copy by JSON's rules, sent as is on commit). */
  write?: { readonly json: string } | 'delete';
}

function isRecord(value: unknown): value is SessionRecord {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { flowVersion?: unknown }).flowVersion === 'string'
  );
}

const orUndefined = (value: unknown): SessionRecord | undefined =>
  isRecord(value) ? value : undefined;

/**
 * The object of a session and the object that keeps a caller's dropped session for `resume`,
 * named in two namespaces: a session id is the gateway's to choose, so a bare one could spell a
 * resume object's name (`resume:<msisdn>`) and continue that caller's kept session.
 */
const sessionName = (sessionId: string): string => `session:${sessionId}`;
const resumeName = (msisdn: string): string => `resume:${msisdn}`;

/**
 * A session store for Cloudflare Workers: each session in its own Durable Object
 * (`UssdSessionObject`, named `session:<session id>`), which holds the record and the session's lock,
 * so one event at a time is handled per session across every Worker isolate and location. Two
 * calls to the object per event: the lock is taken and the record loaded in one, and the record
 * saved (or deleted) and the lock released in the other. Sessions expire `ttlMs` after their
 * last save. When the object cannot be reached, operations fail with
 * {@link StoreUnavailableError} (the customer is asked to send the answer again).
 *
 * Create it where the binding is, in the Worker's `fetch` (once per isolate is enough: a
 * binding is the same for every request).
 *
 * @example
 * ```ts
 * import { durableObjectStore, UssdSessionObject } from '@ussdkit/router/cloudflare';
 * export { UssdSessionObject };
 * let server: Hono | undefined; // your Hono app around createApp({ ..., store })
 * export default {
 *   fetch(request: Request, env: { USSD_SESSIONS: DurableObjectNamespace }) {
 *     server ??= ussdServer(durableObjectStore({ namespace: env.USSD_SESSIONS }));
 *     return server.fetch(request);
 *   },
 * };
 * ```
 */
export function durableObjectStore<Id>(options: DurableObjectStoreOptions<Id>): SessionStore {
  const { namespace } = options;
  const ttlMs = options.ttlMs ?? 180_000;
  const lockTimeoutMs = options.lockTimeoutMs ?? 5_000;
  const lockWaitMs = options.lockWaitMs ?? 1_000;
  // The sessions this isolate holds the lock of, so that `load` and `save` under the lock need
  // no call of their own. One entry per session: the object grants the lock to one event at a
  // time. (Only an event that outlived its lease, while the one that took over runs in this
  // same isolate and store, would find the other's entry: the last save of the two is kept. On
  // another isolate, the object refuses the late event's write.)
  const holders = new Map<string, Holding>();

  /**
   * One call to the session's object. A stub is made per call, never kept: on Workers an I/O
   * object belongs to the request that made it.
   */
  async function call(
    name: string,
    op: SessionObjectOp,
    body: string,
  ): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      const stub = namespace.get(namespace.idFromName(name));
      response = await stub.fetch(new Request(opUrl(op), { method: 'POST', body }));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new StoreUnavailableError(`Durable Object store unavailable (${op}): ${reason}`, {
        cause: error,
      });
    }
    const text = await response.text();
    if (response.status !== 200 && response.status !== 409) {
      throw new StoreUnavailableError(
        `Durable Object store unavailable (${op}): HTTP ${response.status} ${text.slice(0, 200)}`,
      );
    }
    return { status: response.status, body: JSON.parse(text) };
  }

  /**
   * Takes the lock of object `name` (and its record) for `task`'s writes, or fails after
   * `lockWaitMs`; errors name `shown`, the session id.
   */
  async function lock(name: string, token: string, shown = name): Promise<Holding> {
    const request: LockRequest = { token, leaseMs: lockTimeoutMs, waitMs: lockWaitMs };
    const answer = await call(name, 'lock', JSON.stringify(request));
    if (answer.status === 409) {
      throw new SessionLockTimeoutError(shown, (answer.body as LockRefused).waitedMs);
    }
    const granted = answer.body as LockGranted;
    return { token, version: granted.version, record: orUndefined(granted.record) };
  }

  async function commit(name: string, holding: Holding, shown = name): Promise<void> {
    const { token, version, write } = holding;
    const head = `{"token":${JSON.stringify(token)},"version":${version}`;
    // The saved record is already JSON: spliced in rather than parsed and stringified again.
    const body =
      write === undefined
        ? `${head}}`
        : write === 'delete'
          ? `${head},"delete":true}`
          : `${head},"save":{"ttlMs":${ttlMs},"record":${write.json}}}`;
    const answer = await call(name, 'commit', body);
    if (answer.status === 409) throw new SessionLockLostError(shown);
  }

  // `lockWaitMs` is told, so that the app can check its time budget against it.
  const store: SessionStore & { readonly lockWaitMs: number } = {
    lockWaitMs,
    async load(sessionId) {
      const holding = holders.get(sessionId);
      if (holding === undefined) {
        const answer = await call(sessionName(sessionId), 'load', '{}');
        return orUndefined((answer.body as Loaded).record);
      }
      if (holding.write === undefined) return holding.record;
      return holding.write === 'delete' ? undefined : orUndefined(JSON.parse(holding.write.json));
    },
    async save(sessionId, record) {
      const holding = holders.get(sessionId);
      const json = JSON.stringify(record);
      // Under the lock, the write waits for the commit that releases it: one call, not two.
      if (holding !== undefined) holding.write = { json };
      else await call(sessionName(sessionId), 'save', `{"ttlMs":${ttlMs},"record":${json}}`);
      return undefined;
    },
    async delete(sessionId) {
      const holding = holders.get(sessionId);
      if (holding !== undefined) holding.write = 'delete';
      else await call(sessionName(sessionId), 'delete', '{}');
    },
    async saveResume(msisdn, record, keepMs) {
      await call(
        resumeName(msisdn),
        'save',
        `{"ttlMs":${keepMs},"record":${JSON.stringify(record)}}`,
      );
    },
    async takeResume(msisdn) {
      // Read under the object's lock and deleted by the commit that releases it: of two dials
      // at once, the second finds nothing.
      const name = resumeName(msisdn);
      const holding = await lock(name, crypto.randomUUID());
      if (holding.record !== undefined) holding.write = 'delete';
      await commit(name, holding);
      return holding.record;
    },
    async withLock<T>(sessionId: string, task: () => Promise<T>): Promise<T> {
      const token = crypto.randomUUID();
      const name = sessionName(sessionId);
      const holding = await lock(name, token, sessionId);
      // Only an event slower than half the lease renews it; a failed renewal shows on commit.
      const renew = `{"token":${JSON.stringify(token)},"leaseMs":${lockTimeoutMs}}`;
      const renewal = setInterval(
        () => void call(name, 'renew', renew).catch(() => undefined),
        Math.max(1, Math.floor(lockTimeoutMs / 2)),
      );
      return runUnderLock({
        sessionId,
        holding,
        holders,
        task,
        stopRenewing: () => clearInterval(renewal),
        commit: () => commit(name, holding, sessionId),
      });
    },
  };
  return store;
}
