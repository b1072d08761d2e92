import type {
  CommitRequest,
  LockGranted,
  LockRequest,
  RenewRequest,
  SaveRequest,
  SessionObjectOp,
} from '../internal/stores/sessionObjectProtocol';
import type { SessionRecord } from '../SessionStore';

/**
 * The part of a Durable Object's storage `UssdSessionObject` uses: the key-value API, which both
 * the SQLite-backed and the older key-value-backed objects have. Declared here so that the router
 * needs no `@cloudflare/workers-types`; Cloudflare's `DurableObjectStorage` fits it.
 *
 * @example
 * ```ts
 * const storage: DurableObjectStorageLike = ctx.storage;
 * ```
 */
export interface DurableObjectStorageLike {
  get<T = unknown>(key: string): Promise<T | undefined>;
  put<T>(key: string, value: T): Promise<void>;
  deleteAll(): Promise<void>;
  getAlarm(): Promise<number | null>;
  setAlarm(scheduledTime: number): Promise<void>;
  deleteAlarm(): Promise<void>;
}

/**
 * The part of a Durable Object's `state` (`ctx`) `UssdSessionObject` uses.
 *
 * @example
 * ```ts
 * class MySessionObject extends UssdSessionObject {
 *   constructor(state: DurableObjectStateLike, env: unknown) { super(state, env); }
 * }
 * ```
 */
export interface DurableObjectStateLike {
  readonly storage: DurableObjectStorageLike;
}

/** The one storage key: the record, its version and when it expires, written together. */
interface Stored {
  readonly record: SessionRecord;
  readonly version: number;
  readonly expiresAt: number;
}

interface Lease {
  readonly token: string;
  expiresAt: number;
}

interface Waiter {
  readonly token: string;
  readonly leaseMs: number;
  readonly grant: () => void;
}

const KEY = 'session';

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The Durable Object behind `durableObjectStore`: one per session (named by the session id),
 * holding the session's record and its lock. Export it from your Worker and bind it in
 * `wrangler.toml`; it needs no code of yours.
 *
 * The lock is a lease kept in the object's memory: a Durable Object runs in one place at a
 * time, so every Worker isolate that calls it sees the same lock. A waiting event's call is held
 * open until the lock is free (first come, first served) or its `lockWaitMs` is up: no polling,
 * and a Worker spends no CPU time waiting. A lease not released nor renewed (a crashed Worker)
 * is handed to the next waiter when it expires. The record is stored with a version; a write is
 * refused once another holder has taken the lock over or the version moved, so neither an event
 * that outlived its lease nor an object restart (which forgets the leases) loses an update. An
 * alarm deletes the record `ttlMs` after its last save, leaving nothing stored.
 *
 * @example
 * ```ts
 * // worker.ts; wrangler.toml binds it:
 * // [[durable_objects.bindings]] name = "USSD_SESSIONS", class_name = "UssdSessionObject"
 * export { UssdSessionObject } from '@ussdkit/router/cloudflare';
 * ```
 */
export class UssdSessionObject {
  readonly #storage: DurableObjectStorageLike;
  #lease: Lease | undefined;
  readonly #queue: Waiter[] = [];
  #expiryTimer: ReturnType<typeof setTimeout> | undefined;

  /** Called by the Workers runtime with the object's state (and the Worker's `env`, unused). */
  constructor(state: DurableObjectStateLike, _env?: unknown) {
    this.#storage = state.storage;
  }

  /** Answers the store's calls; see `durableObjectStore`. */
  async fetch(request: Request): Promise<Response> {
    const op = new URL(request.url).pathname.slice(1) as SessionObjectOp;
    const body = (await request.json()) as Record<string, unknown>;
    switch (op) {
      case 'lock':
        return this.#lock(body as unknown as LockRequest);
      case 'renew':
        return json(200, { held: this.#renew(body as unknown as RenewRequest) });
      case 'commit':
        return this.#commit(body as unknown as CommitRequest);
      case 'load':
        return json(200, { record: (await this.#read()).record });
      case 'save':
        await this.#write(body as unknown as SaveRequest, (await this.#stored())?.version ?? 0);
        return json(200, {});
      case 'delete':
        await this.#clear();
        return json(200, {});
      default:
        return json(404, { code: 'NOT_FOUND', message: `no operation ${String(op)}` });
    }
  }

  /** The TTL: deletes everything once the record has expired and no lease is live. */
  async alarm(): Promise<void> {
    const stored = await this.#stored();
    if (stored === undefined) return;
    const leaseEnd = this.#free() ? 0 : (this.#lease?.expiresAt ?? 0);
    const due = Math.max(stored.expiresAt, leaseEnd);
    // An expired record under a live lease stays until the holder commits: deleting it would
    // change the version and refuse the holder's write.
    if (due > Date.now()) await this.#storage.setAlarm(due);
    else await this.#clear();
  }

  #free(): boolean {
    return this.#lease === undefined || this.#lease.expiresAt <= Date.now();
  }

  async #lock({ token, leaseMs, waitMs }: LockRequest): Promise<Response> {
    const began = Date.now();
    const granted = await new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        token,
        leaseMs,
        grant: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        const index = this.#queue.indexOf(waiter);
        if (index >= 0) this.#queue.splice(index, 1);
        resolve(false);
      }, waitMs);
      this.#queue.push(waiter);
      this.#pump();
    });
    if (!granted) return json(409, { waitedMs: Date.now() - began });
    const { record, version } = await this.#read();
    return json(200, { record, version } satisfies LockGranted);
  }

  /**
   * Hands a free lock to the first waiter. The lease is set here, synchronously, before the
   * waiter's call resumes, so no call arriving in between can take it too.
   */
  #pump(): void {
    if (this.#free()) {
      const next = this.#queue.shift();
      this.#lease =
        next === undefined
          ? undefined
          : { token: next.token, expiresAt: Date.now() + next.leaseMs };
      next?.grant();
    }
    // Someone waits behind a live lease: wake up when it would expire (it may be renewed by then).
    if (this.#queue.length > 0 && this.#lease !== undefined && this.#expiryTimer === undefined) {
      this.#expiryTimer = setTimeout(
        () => {
          this.#expiryTimer = undefined;
          this.#pump();
        },
        Math.max(0, this.#lease.expiresAt - Date.now()),
      );
    }
  }

  #renew({ token, leaseMs }: RenewRequest): boolean {
    if (this.#lease?.token !== token) return false;
    this.#lease.expiresAt = Date.now() + leaseMs;
    return true;
  }

  async #commit(commit: CommitRequest): Promise<Response> {
    const holds = this.#lease?.token === commit.token;
    const writes = commit.save !== undefined || commit.delete === true;
    let refused = false;
    if (writes) {
      const current = (await this.#stored())?.version ?? 0;
      const takenOver = !holds && !this.#free();
      refused = takenOver || current !== commit.version;
      if (!refused && commit.save !== undefined) await this.#write(commit.save, current);
      else if (!refused) await this.#clear();
    }
    if (holds) {
      this.#lease = undefined;
      this.#pump();
    }
    return refused ? json(409, { lost: true }) : json(200, {});
  }

  async #stored(): Promise<Stored | undefined> {
    return this.#storage.get<Stored>(KEY);
  }

  /** The live record (null once expired) and the stored version (kept until the alarm runs). */
  async #read(): Promise<LockGranted> {
    const stored = await this.#stored();
    if (stored === undefined) return { record: null, version: 0 };
    return {
      record: stored.expiresAt > Date.now() ? stored.record : null,
      version: stored.version,
    };
  }

  async #write({ record, ttlMs }: SaveRequest, version: number): Promise<void> {
    const expiresAt = Date.now() + ttlMs;
    await this.#storage.put<Stored>(KEY, { record, version: version + 1, expiresAt });
    // One alarm at a time: when it fires early (the session was saved again since), it moves
    // itself to the new expiry, so a save costs no alarm write but the first.
    if ((await this.#storage.getAlarm()) === null) await this.#storage.setAlarm(expiresAt);
  }

  async #clear(): Promise<void> {
    await this.#storage.deleteAlarm();
    await this.#storage.deleteAll();
  }
}
