import { describe, expect, it } from 'vitest';
import { SandboxClock } from './SandboxClock';

/** A clock whose real time stands still, so only advances move it. */
function frozenClock() {
  const errors: unknown[] = [];
  const clock = new SandboxClock({ realNow: () => 1_000_000, onTaskError: (e) => errors.push(e) });
  return { clock, errors };
}

describe('SandboxClock', () => {
  it('reads real time plus the advanced offset', async () => {
    const { clock } = frozenClock();
    expect(clock.now()).toBe(1_000_000);
    await expect(clock.advance(2.5)).resolves.toBe(1_002_500);
    expect(clock.now()).toBe(1_002_500);
  });

  it('runs due tasks in due order, awaiting each, and leaves later ones', async () => {
    const { clock } = frozenClock();
    const ran: string[] = [];
    clock.schedule(3000, () => {
      ran.push('c');
    });
    clock.schedule(1000, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      ran.push('a');
    });
    clock.schedule(2000, () => {
      ran.push('b');
    });
    clock.schedule(10_000, () => {
      ran.push('late');
    });
    await clock.advance(3);
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(clock.pending).toBe(1);
  });

  it('runs tasks scheduled by tasks when they are due within the same advance', async () => {
    const { clock } = frozenClock();
    const ran: string[] = [];
    clock.schedule(1000, () => {
      ran.push('first');
      clock.schedule(0, () => {
        ran.push('chained now');
      });
      clock.schedule(60_000, () => {
        ran.push('chained later');
      });
    });
    await clock.advance(5);
    expect(ran).toEqual(['first', 'chained now']);
    await clock.advance(60);
    expect(ran).toEqual(['first', 'chained now', 'chained later']);
  });

  it('does not run cancelled tasks, and survives a task that throws', async () => {
    const { clock, errors } = frozenClock();
    const ran: string[] = [];
    const handle = clock.schedule(1000, () => {
      ran.push('cancelled');
    });
    clock.schedule(1000, () => {
      throw new Error('boom');
    });
    clock.schedule(2000, () => {
      ran.push('after');
    });
    handle.cancel();
    await clock.advance(2);
    expect(ran).toEqual(['after']);
    expect(errors).toHaveLength(1);
  });

  it('fires tasks when real time reaches them', async () => {
    const clock = new SandboxClock();
    const fired = await new Promise<string>((resolve) => {
      clock.schedule(1, () => resolve('fired'));
    });
    expect(fired).toBe('fired');
    clock.close();
  });

  it('drops every task on close and rejects a negative advance', async () => {
    const { clock } = frozenClock();
    const ran: string[] = [];
    clock.schedule(0, () => {
      ran.push('x');
    });
    clock.close();
    await clock.advance(1);
    expect(ran).toEqual([]);
    await expect(clock.advance(-1)).rejects.toThrow(RangeError);
  });
});

describe('SandboxClock.advance steps through due times', () => {
  it('runs each task at its own due time and counts what it schedules from there', async () => {
    const real = 1_000_000;
    const clock = new SandboxClock({ realNow: () => real });
    const seen: number[] = [];
    clock.schedule(20_000, () => {
      seen.push(clock.now() - 1_000_000);
      clock.schedule(30_000, () => {
        seen.push(clock.now() - 1_000_000);
      });
    });
    const now = await clock.advance(121);
    expect(seen).toEqual([20_000, 50_000]);
    expect(now - 1_000_000).toBe(121_000);
  });

  it('manual: time starts at the real time and moves only with advance, which runs what is due', async () => {
    let real = 1_000;
    const clock = new SandboxClock({ manual: true, realNow: () => real });
    const ran: number[] = [];
    clock.schedule(1_000, () => void ran.push(clock.now()));
    real = 50_000;
    expect(clock.now()).toBe(1_000);
    await clock.advance(0.5);
    expect(ran).toEqual([]);
    expect(await clock.advance(0.5)).toBe(2_000);
    expect(ran).toEqual([2_000]);
  });
});
