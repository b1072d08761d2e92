import { describe, expect, it } from 'vitest';
import { createHistoryLog, type HistoryRecord } from './HistoryLog';

const push = (n: number, at: number): HistoryRecord => ({
  type: 'push',
  clientId: 'c',
  appId: 'a',
  msisdn: '08031234567',
  sessionId: `s-${n}`,
  at,
});

describe('createHistoryLog', () => {
  it('keeps the latest `entries`, telling onDrop about each entry it drops', () => {
    const dropped: string[] = [];
    const log = createHistoryLog({ entries: 3, seconds: 3600 }, (entry) =>
      dropped.push('sessionId' in entry ? entry.sessionId : ''),
    );
    for (let n = 1; n <= 5; n++) log.add(push(n, 1000 + n), 1_000_000 + n * 1000);
    expect(log.size).toBe(3);
    expect(dropped).toEqual(['s-1', 's-2']);
    expect(
      log.list(1_010_000).map((entry) => (entry.type === 'push' ? entry.sessionId : '')),
    ).toEqual(['s-3', 's-4', 's-5']);
  });

  it('drops entries made more than `seconds` ago, on add and on list', () => {
    const log = createHistoryLog({ entries: 100, seconds: 60 });
    log.add(push(1, 1000), 1_000_000);
    log.add(push(2, 1030), 1_030_000);
    expect(log.list(1_060_000)).toHaveLength(1);
    expect(log.size).toBe(1);
    log.add(push(3, 1200), 1_200_000);
    expect(log.size).toBe(1);
  });

  it('lists oldest first by `at`, whatever the order they were recorded in', () => {
    const log = createHistoryLog({ entries: 10, seconds: 3600 });
    log.add(push(1, 1010), 1_010_000);
    log.add(push(2, 1005), 1_010_000);
    expect(log.list(1_010_000).map((entry) => entry.at)).toEqual([1005, 1010]);
  });
});
