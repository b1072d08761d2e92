import { describe, expect, it } from 'vitest';
import { useMockService } from '../test/mswServer';
import { RequestAbortedError, TimeoutError } from './errors';

const { requests, fresh } = useMockService();
const request = (operationId: string, beneficiaryId: string) => ({
  operationId,
  sku: 'data-1gb',
  beneficiaryId,
  customerMsisdn: '08031234567',
});

describe('waitForResult', () => {
  it('polls until the acquire is final', async () => {
    const { client, handlers } = fresh();
    await client.acquire.product(request('op-1', 'unknown-failure'));
    handlers.service.forceError('acquireStatus', { status: 503, times: 1 });
    let polls = 0;
    const waiting = client.waitForResult('op-1', { intervalMs: 1 });
    const advance = async () => {
      while (requests.filter((r) => r.url.includes('/status')).length < 3) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        polls += 1;
      }
      await handlers.service.advance(30);
    };
    await advance();
    expect(await waiting).toMatchObject({ status: 'FAILURE', error: 'INTERNAL' });
    expect(polls).toBeGreaterThan(0);
  });

  it('returns at once for a final acquire', async () => {
    const { client } = fresh();
    await client.acquire.product(request('op-2', '08031234567'));
    expect((await client.waitForResult('op-2')).status).toBe('SUCCESS');
  });

  it('throws TimeoutError with the operationId past the deadline', async () => {
    const { client } = fresh();
    await client.acquire.product(request('op-3', 'slow'));
    const error = await client
      .waitForResult('op-3', { timeoutMs: 20, intervalMs: 5 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ operationId: 'op-3', timeoutMs: 20, url: undefined });
    expect((error as Error).message).toMatch(
      /^Acquire op-3 is still (UNKNOWN|NOT_FOUND) after 20 ms \(waitForResult's timeoutMs\): wait longer, or ask again later with client\.acquire\.status\(operationId\)\.$/,
    );
  });

  it('stops when aborted', async () => {
    const { client } = fresh();
    const controller = new AbortController();
    const waiting = client.waitForResult('never', {
      intervalMs: 10_000,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 20);
    await expect(waiting).rejects.toBeInstanceOf(RequestAbortedError);
  });
});
