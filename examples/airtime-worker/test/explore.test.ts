// examples/airtime-worker/test/explore.test.ts: the explorer finds no fault (docs/explore.md)
// It walks every branch of the Worker's flow in-process, a memory store instead of the Durable
// Object.
import { memoryStore } from '@ussdkit/router';
import { explore } from '@ussdkit/testing';
import { describe, expect, it } from 'vitest';
import { createAirtimeApp } from '../src/app';

describe('airtime worker under the explorer', () => {
  it('has no fault the explorer can find', async () => {
    const app = createAirtimeApp({ store: memoryStore(), authToken: 'token' });
    const { problems, coverage } = await explore(app, { harness: { authToken: 'token' } });
    expect(problems).toEqual([]);
    expect(coverage.unreached).toEqual([]);
    expect(coverage.truncated).toBe(false);
  }, 60_000);
});
