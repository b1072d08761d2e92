// What every SessionStore must do, written once as plain async functions that throw on failure,
// so that the same cases run in Vitest on Node (memory and Redis stores) and inside workerd (the
// Durable Object store, through a test Worker: test/runtimes/durableObjectStore.test.ts). No
// test framework and no Node built-in here: the file is bundled into that Worker.
import type { SessionRecord, SessionStore } from '../../src/SessionStore';

/** The store options the cases set: short TTLs and lock timings, so that they run quickly. */
export interface ConformanceStoreOptions {
  readonly ttlMs?: number;
  readonly lockTimeoutMs?: number;
  readonly lockWaitMs?: number;
}

/** A store under test, as the cases need it. */
export interface StoreUnderTest {
  /**
   * A store on the backend under test: every store made here sees the same sessions, except
   * that a process-local store may give a store of its own when `ttlMs` is set (the TTL case
   * reads each session through the store that saved it).
   */
  store(options?: ConformanceStoreOptions): SessionStore;
  /**
   * For stores whose lock outlives a process (shared stores): takes the session's lock as a
   * holder that then crashed would leave it: held for `leaseMs`, never renewed nor released.
   * Stores without it (the memory store, whose lock dies with its process) skip no case: the
   * lease cases do not apply to them and are not listed for them.
   */
  abandonLock?(sessionId: string, leaseMs: number): Promise<void>;
}

/** One case: its name, and whether it needs a lock with a lease (`abandonLock`, `lockWaitMs`). */
export interface ConformanceCase {
  readonly name: string;
  readonly lease: boolean;
  /** Whether it needs the optional `saveResume` and `takeResume` (the stores that serve `resume`). */
  readonly resume?: boolean;
  run(subject: StoreUnderTest): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const fresh = (name: string): string => `${name}-${crypto.randomUUID()}`;
const record = (state: unknown): SessionRecord => ({ flowVersion: 'v1', state });

function same(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

/** A promise to release by hand, and one that says the task got there. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection, got a value');
}

/** Every case, in the order they are listed. */
export const storeConformance: readonly ConformanceCase[] = [
  {
    name: 'saves, loads (by JSON rules, a copy) and deletes a record',
    lease: false,
    async run(subject) {
      const store = subject.store();
      const id = fresh('crud');
      same(await store.load(id, ''), undefined, 'a session never saved');
      const state = { screen: 'menu', when: new Date(0), gone: undefined, list: [1, 2] };
      same(await store.save(id, record(state)), undefined, 'save answers no contextData');
      state.screen = 'changed after save';
      same(
        await store.load(id, 'ignored'),
        record({ screen: 'menu', when: '1970-01-01T00:00:00.000Z', list: [1, 2] }),
        'the loaded record',
      );
      same(
        await subject.store().load(id, ''),
        record({ screen: 'menu', when: '1970-01-01T00:00:00.000Z', list: [1, 2] }),
        'loaded through another store',
      );
      await store.delete(id);
      same(await store.load(id, ''), undefined, 'after delete');
    },
  },
  {
    name: 'under the lock, a load sees the writes made before it; the next holder sees the last',
    lease: false,
    async run(subject) {
      const store = subject.store();
      const id = fresh('inside');
      await store.save(id, record({ n: 0 }));
      const value = await store.withLock(id, async () => {
        same(await store.load(id, ''), record({ n: 0 }), 'loaded under the lock');
        const next = { n: 1, when: new Date(0) };
        await store.save(id, record(next));
        next.n = 99;
        same(await store.load(id, ''), record({ n: 1, when: new Date(0) }), 'after a save');
        await store.delete(id);
        same(await store.load(id, ''), undefined, 'after a delete');
        await store.save(id, record({ n: 2 }));
        return 'value';
      });
      same(value, 'value', "withLock's value");
      same(await store.withLock(id, () => store.load(id, '')), record({ n: 2 }), 'next holder');
      same(await subject.store().load(id, ''), record({ n: 2 }), 'another store, no lock');
    },
  },
  {
    name: 'forgets a record ttlMs after its last save, not before',
    lease: false,
    async run(subject) {
      const short = subject.store({ ttlMs: 100 });
      const long = subject.store({ ttlMs: 60_000 });
      const [brief, kept] = [fresh('brief'), fresh('kept')];
      await short.save(brief, record(1));
      await long.save(kept, record(2));
      await short.withLock(brief, async () => short.save(brief, record(3)));
      await sleep(400);
      same(await short.load(brief, ''), undefined, 'past its TTL');
      same(await long.load(kept, ''), record(2), 'within its TTL');
    },
  },
  {
    name: 'runs two contending events of one session one at a time, the second after the first saved',
    lease: false,
    async run(subject) {
      const [one, two] = [subject.store(), subject.store()];
      const id = fresh('contend');
      const log: string[] = [];
      const entered = gate();
      const release = gate();
      const first = one.withLock(id, async () => {
        log.push('first start');
        entered.open();
        await release.opened;
        await one.save(id, record({ by: 'first' }));
        log.push('first end');
        return 1;
      });
      await entered.opened;
      const second = two.withLock(id, async () => {
        log.push('second start');
        const seen = await two.load(id, '');
        await two.save(id, record({ by: 'second', saw: seen?.state }));
        return 2;
      });
      // Were the lock missing, the second would start within this pause.
      await sleep(100);
      same(log, ['first start'], 'while the first holds the lock');
      release.open();
      same([await first, await second], [1, 2], 'the values');
      same(log, ['first start', 'first end', 'second start'], 'the order');
      same(
        await one.load(id, ''),
        record({ by: 'second', saw: { by: 'first' } }),
        'the second saw the first',
      );
    },
  },
  {
    name: 'does not hold other sessions while one is locked',
    lease: false,
    async run(subject) {
      const store = subject.store();
      const entered = gate();
      const release = gate();
      const held = store.withLock(fresh('held'), async () => {
        entered.open();
        await release.opened;
      });
      await entered.opened;
      same(await store.withLock(fresh('other'), async () => 'ran'), 'ran', 'another session');
      release.open();
      await held;
    },
  },
  {
    name: 'a task that throws passes its error on, releases the lock and keeps what it saved',
    lease: false,
    async run(subject) {
      const store = subject.store({ lockWaitMs: 2_000 });
      const id = fresh('throws');
      const boom = new Error('boom');
      const error = await rejection(
        store.withLock(id, async () => {
          await store.save(id, record('saved before the throw'));
          throw boom;
        }),
      );
      same(error === boom, true, 'the same error');
      // Were the lock still held, this would wait lockWaitMs and fail (or, in memory, never run).
      same(
        await store.withLock(id, () => store.load(id, '')),
        record('saved before the throw'),
        'the next holder',
      );
    },
  },
  {
    name: "takes over a crashed holder's lock once its lease (lockTimeoutMs) expires",
    lease: true,
    async run(subject) {
      const id = fresh('crashed');
      await subject.abandonLock?.(id, 1_000);
      const impatient = subject.store({ lockWaitMs: 50 });
      const error = await rejection(impatient.withLock(id, async () => 'too early'));
      same((error as { code?: unknown }).code, 'SESSION_LOCK_TIMEOUT', 'within the lease');
      const patient = subject.store({ lockWaitMs: 10_000 });
      same(await patient.withLock(id, async () => 'taken over'), 'taken over', 'after the lease');
    },
  },
  {
    name: 'waits at most lockWaitMs for a live holder, then fails with SessionLockTimeoutError',
    lease: true,
    async run(subject) {
      const id = fresh('busy');
      const holder = subject.store({ lockTimeoutMs: 10_000 });
      const entered = gate();
      const release = gate();
      const held = holder.withLock(id, async () => {
        entered.open();
        await release.opened;
        await holder.save(id, record('holder'));
      });
      await entered.opened;
      const waiter = subject.store({ lockWaitMs: 150 });
      const error = (await rejection(waiter.withLock(id, async () => 'ran'))) as {
        name?: unknown;
        code?: unknown;
        sessionId?: unknown;
        waitedMs?: unknown;
      };
      same(
        [error.name, error.code, error.sessionId],
        ['SessionLockTimeoutError', 'SESSION_LOCK_TIMEOUT', id],
        'the error',
      );
      same(typeof error.waitedMs === 'number' && error.waitedMs >= 150, true, 'waitedMs >= wait');
      release.open();
      await held;
      same(await waiter.withLock(id, () => waiter.load(id, '')), record('holder'), 'afterwards');
    },
  },
  {
    name: 'keeps one dropped session per caller for resume, the last replacing the one before, taken once',
    lease: false,
    resume: true,
    async run(subject) {
      const [one, two] = [subject.store(), subject.store()];
      const [caller, other] = [fresh('+234801'), fresh('+234802')];
      same(await one.takeResume?.(caller), undefined, 'nothing kept yet');
      await one.saveResume?.(caller, record({ screen: 'first' }), 60_000);
      const kept = { screen: 'amount', when: new Date(0), gone: undefined };
      await one.saveResume?.(caller, record(kept), 60_000);
      kept.screen = 'changed after save';
      same(await two.takeResume?.(other), undefined, "another caller's");
      same(
        await two.takeResume?.(caller),
        record({ screen: 'amount', when: '1970-01-01T00:00:00.000Z' }),
        'taken through another store',
      );
      same(await one.takeResume?.(caller), undefined, 'taken a second time');
    },
  },
  {
    name: 'forgets a session kept for resume after its ttlMs, not before',
    lease: false,
    resume: true,
    async run(subject) {
      const store = subject.store();
      const [brief, kept] = [fresh('+234803'), fresh('+234804')];
      await store.saveResume?.(brief, record('brief'), 100);
      await store.saveResume?.(kept, record('kept'), 60_000);
      await sleep(400);
      same(await store.takeResume?.(brief), undefined, 'past its ttlMs');
      same(await store.takeResume?.(kept), record('kept'), 'within its ttlMs');
    },
  },
  {
    name: 'keeps sessions and the sessions kept for resume apart, whatever a session id says',
    lease: false,
    resume: true,
    async run(subject) {
      const store = subject.store();
      const caller = fresh('+234806');
      await store.saveResume?.(caller, record('kept'), 60_000);
      // A session id is the gateway's to choose: one that spells the resume key is a session.
      const id = `resume:${caller}`;
      same(await store.load(id, ''), undefined, 'a session whose id names the kept one');
      await store.withLock(id, async () => {
        same(await store.load(id, ''), undefined, 'the same, under its lock');
        await store.save(id, record('session'));
      });
      same(await store.load(id, ''), record('session'), 'the session saved');
      same(await store.takeResume?.(caller), record('kept'), 'the kept session, untouched');
      await store.delete(id);
    },
  },
  {
    name: 'gives a kept session to one of two takes at once',
    lease: false,
    resume: true,
    async run(subject) {
      const caller = fresh('+234805');
      await subject.store().saveResume?.(caller, record('once'), 60_000);
      const taken = await Promise.all([
        subject.store().takeResume?.(caller),
        subject.store().takeResume?.(caller),
      ]);
      same(
        taken.filter((value) => value !== undefined),
        [record('once')],
        'what the two takes got',
      );
    },
  },
];

/**
 * The cases that apply to a store: the lease cases only where `abandonLock` is given, the resume
 * cases only for stores with `saveResume` and `takeResume`.
 */
export function casesFor(subject: StoreUnderTest): readonly ConformanceCase[] {
  const probe = subject.store();
  const resumes = probe.saveResume !== undefined && probe.takeResume !== undefined;
  return storeConformance.filter(
    (c) => (!c.lease || subject.abandonLock !== undefined) && (c.resume !== true || resumes),
  );
}
