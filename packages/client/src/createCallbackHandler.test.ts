import type { AcquireCallback } from '@ussdkit/protocol';
import { describe, expect, it } from 'vitest';
import { createCallbackHandler } from './createCallbackHandler';
import { memorySeenStore } from './SeenStore';

const callback = (operationId: string, result: 'success' | 'unknown') => ({
  clientId: 'demo-client',
  operationId,
  operation: 'acquire',
  status: { result },
});

describe('createCallbackHandler', () => {
  it('calls the handler once per (operationId, result), skipping redeliveries', async () => {
    const seen: AcquireCallback[] = [];
    const handle = createCallbackHandler({ onAcquire: (c) => void seen.push(c) });
    expect((await handle(callback('op-1', 'unknown'))).duplicate).toBe(false);
    expect((await handle(callback('op-1', 'success'))).duplicate).toBe(false);
    expect((await handle(callback('op-1', 'success'))).duplicate).toBe(true);
    expect(seen.map((c) => c.status.result)).toEqual(['unknown', 'success']);
  });

  it('dispatches merchant payment and other callbacks to their handlers', async () => {
    const kinds: string[] = [];
    const handle = createCallbackHandler({
      onMerchantPayment: (c) => void kinds.push(`mp:${c.result}`),
      onOperation: (c) => void kinds.push(`op:${c.operation}`),
    });
    await handle({ clientId: 'c', operationId: 'm', result: 'Success' });
    await handle({
      clientId: 'c',
      operationId: 'p',
      operation: 'payout',
      status: { result: 'success' },
    });
    expect(kinds).toEqual(['mp:Success', 'op:payout']);
  });

  it('forgets a delivery whose handler failed, so the redelivery is handled', async () => {
    let calls = 0;
    const handle = createCallbackHandler({
      seen: memorySeenStore(10),
      onAcquire: () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
      },
    });
    await expect(handle(callback('op-2', 'success'))).rejects.toThrow('database down');
    expect((await handle(callback('op-2', 'success'))).duplicate).toBe(false);
    expect(calls).toBe(2);
  });
});

describe('memorySeenStore', () => {
  it('forgets the oldest keys past its size', () => {
    const store = memorySeenStore(2);
    expect(store.add('a')).toBe(true);
    expect(store.add('a')).toBe(false);
    store.add('b');
    store.add('c');
    expect(store.add('a')).toBe(true);
  });
});
