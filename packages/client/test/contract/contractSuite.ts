import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AcquireFailedError,
  ApiError,
  AuthenticationError,
  createCallbackHandler,
  DuplicateOperationError,
  InsufficientBalanceError,
  PermissionDeniedError,
  parseCallback,
  UssdkitClient,
} from '../../src/index';
import { type ContractTarget, sandboxApi } from './ContractTarget';
import { type CallbackReceiver, startCallbackReceiver } from './callbackReceiver';
import { startLossyProxy } from './lossyProxy';
import { merchantAndHistoryContract } from './merchantAndHistoryContract';

const msisdn = '08031234567';
const smartCard = '1234567890';

interface Developer {
  clientId: string;
  clientSecret: string;
  balance: number;
}

/**
 * The one contract suite of the client: every resource and helper against a target that must
 * behave like the reference server. Run against the real sandbox and against the msw handlers.
 */
export function contractSuite(target: ContractTarget): void {
  describe(`client contract against ${target.name}`, () => {
    let baseUrl = '';
    let client: UssdkitClient;
    let receiver: CallbackReceiver;
    const handled: string[] = [];
    const handle = createCallbackHandler({
      onAcquire: (callback) => {
        handled.push(`${callback.operationId}:${callback.status.result}`);
      },
      onMerchantPayment: (callback) => {
        handled.push(`${callback.operationId}:${callback.result}`);
      },
    });

    const clients: UssdkitClient[] = [];
    const undici = target.clientOptions?.transport === 'undici';
    const clientFor = (clientId: string, clientSecret: string) => {
      const made = new UssdkitClient({
        baseUrl,
        clientId,
        clientSecret,
        maxRetries: 0,
        ...target.clientOptions,
      });
      clients.push(made);
      return made;
    };
    const callbacksOf = (operationId: string) =>
      receiver.bodies.filter((body) => parseCallback(body).callback.operationId === operationId);
    const balance = async () =>
      (await sandboxApi<Developer>(baseUrl, 'GET', '/sandbox/developers/demo-client')).balance;
    const advance = (seconds: number) =>
      sandboxApi(baseUrl, 'POST', '/sandbox/clock/advance', { seconds });

    beforeAll(async () => {
      baseUrl = await target.start();
      client = clientFor('demo-client', 'demo-secret');
      receiver = await startCallbackReceiver(async (body) => {
        await handle(body);
      });
      await sandboxApi(baseUrl, 'PATCH', '/sandbox/developers/demo-client', {
        callbackUrl: receiver.url,
      });
    });

    afterAll(async () => {
      await Promise.all(clients.map((made) => made.close()));
      await receiver.close();
      await target.stop();
    });

    describe('product flow', () => {
      it('lists the product groups, static with products and beneficiary specific', async () => {
        const groups = await client.acquire.productGroups();
        const staticGroup = groups.find((group) => group.groupId === 'airtime-data');
        expect(staticGroup?.type).toBe('STATIC_PRODUCT_GROUP');
        if (staticGroup?.type !== 'STATIC_PRODUCT_GROUP') return;
        const sources = Object.fromEntries(
          staticGroup.products.map((p) => [p.sku, p.amountSource]),
        );
        expect(sources).toMatchObject({
          airtime: 'PROVIDED_BY_USER',
          'data-1gb': 'FIXED',
          'data-plan': 'BASED_ON_BENEFICIARY_ID',
        });
        expect(staticGroup.products.find((p) => p.sku === 'data-1gb')?.amount).toBe(500);
        expect(groups.find((group) => group.groupId === 'cable')).toEqual({
          type: 'BENEFICIARY_SPECIFIC_PRODUCT_GROUP',
          groupId: 'cable',
          groupName: 'Cable TV',
          beneficiaryIdLabel: 'Smart card number',
          tags: ['cable'],
        });
      });

      it('lists the products of a beneficiary, and fails on bad groups and beneficiaries', async () => {
        const products = await client.acquire.groupProducts('cable', smartCard);
        expect(products.status).toBe('SUCCESS');
        if (products.status !== 'SUCCESS') return;
        expect(products.products.map((p) => [p.sku, p.amountSource, p.amount])).toEqual([
          ['dstv-compact', 'FIXED', 10500],
          ['dstv-premium', 'FIXED', 29500],
          ['dstv-renew', 'BASED_ON_BENEFICIARY_ID', undefined],
        ]);
        expect(await client.acquire.groupProducts('cable', '0000000000')).toEqual({
          status: 'FAILURE',
          error: 'INVALID_BENEFICIARY_ID',
        });
        expect(await client.acquire.groupProducts('cable', '12345')).toEqual({
          status: 'FAILURE',
          error: 'INVALID_BENEFICIARY_ID',
        });
        expect(await client.acquire.groupProducts('no such/group', smartCard)).toEqual({
          status: 'FAILURE',
          error: 'INVALID_GROUP_ID',
        });
      });

      it('reads the amount of BASED_ON_BENEFICIARY_ID products', async () => {
        expect(
          await client.acquire.amount({ sku: 'dstv-renew', beneficiaryId: smartCard }),
        ).toEqual({
          status: 'SUCCESS',
          amount: { value: 12500, restrictions: 'EXACT' },
          beneficiaryDetails: { beneficiaryName: 'Ada Obi' },
          paymentDetails: { productName: 'DStv renewal' },
        });
        const plan = await client.acquire.amount({ sku: 'data-plan', beneficiaryId: msisdn });
        expect(plan).toMatchObject({
          amount: { value: 1500, restrictions: 'EXACT' },
          beneficiaryDetails: { beneficiaryName: `Subscriber ${msisdn}` },
        });
      });

      it('buys a FIXED product and debits its price once', async () => {
        const before = await balance();
        const bought = await client.buy({
          sku: 'data-1gb',
          beneficiaryId: msisdn,
          customerMsisdn: msisdn,
        });
        expect(bought).toMatchObject({ status: 'SUCCESS', amount: 500 });
        expect(bought.status === 'SUCCESS' && bought.transactionId.length > 0).toBe(true);
        expect(await balance()).toBe(before - 500);
        expect(await client.acquire.status(bought.operationId)).toMatchObject({
          status: 'SUCCESS',
        });
      });

      it('buys a PROVIDED_BY_USER product with the given amount', async () => {
        const before = await balance();
        const bought = await client.buy({
          sku: 'airtime',
          beneficiaryId: msisdn,
          customerMsisdn: '+2348031234567',
          amount: 150.5,
        });
        expect(bought).toMatchObject({ status: 'SUCCESS', amount: 150.5 });
        expect(await balance()).toBe(before - 150.5);
      });

      it('buys a BASED_ON_BENEFICIARY_ID product of a beneficiary-specific group, amount from the amount endpoint', async () => {
        const bought = await client.buy({
          sku: 'dstv-renew',
          beneficiaryId: smartCard,
          customerMsisdn: msisdn,
        });
        expect(bought).toMatchObject({ status: 'SUCCESS', amount: 12500 });
        const plan = await client.buy({
          sku: 'data-plan',
          beneficiaryId: msisdn,
          customerMsisdn: msisdn,
        });
        expect(plan).toMatchObject({ status: 'SUCCESS', amount: 1500 });
      });

      it('acquires through the resource with an explicit amount, and reports a wrong one as FAILURE', async () => {
        const ok = await client.acquire.product({
          operationId: crypto.randomUUID(),
          sku: 'dstv-compact',
          beneficiaryId: smartCard,
          customerMsisdn: msisdn,
        });
        expect(ok.status).toBe('SUCCESS');
        const wrong = await client.acquire.product({
          operationId: crypto.randomUUID(),
          sku: 'dstv-renew',
          beneficiaryId: smartCard,
          customerMsisdn: msisdn,
          amount: 100,
        });
        expect(wrong).toEqual({ status: 'FAILURE', error: 'INVALID_AMOUNT' });
      });

      it('throws AcquireFailedError for a failed sync acquire', async () => {
        const operationId = crypto.randomUUID();
        const error = await client
          .buy({
            sku: 'data-1gb',
            beneficiaryId: 'fail-INVALID_BENEFICIARY_ID',
            customerMsisdn: msisdn,
            operationId,
          })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(AcquireFailedError);
        expect(error).toMatchObject({
          code: 'INVALID_BENEFICIARY_ID',
          rawErrorCode: '23',
          operationId,
        });
        expect(await client.acquire.status(operationId)).toMatchObject({
          status: 'FAILURE',
          error: 'INVALID_BENEFICIARY_ID',
        });
      });
    });

    describe('retries over the wire', () => {
      /**
       * A client whose first POST to `path` reaches the service but whose answer is lost on the
       * way back, once: in a custom fetch, or (undici never calls fetch) in a proxy that destroys
       * the socket. `dropped()` tells how many answers were lost.
       */
      async function lossyClient(path: string) {
        const options = {
          baseUrl,
          clientId: 'demo-client',
          clientSecret: 'demo-secret',
          backoff: { initialDelayMs: 1, maxDelayMs: 2 },
        };
        let dropped = 0;
        const proxy = undici ? await startLossyProxy(baseUrl, path) : undefined;
        const lossy =
          proxy === undefined
            ? new UssdkitClient({
                ...options,
                fetch: async (input, init) => {
                  const response = await fetch(input, init);
                  if (dropped > 0 || init?.method !== 'POST') return response;
                  dropped += 1;
                  await response.arrayBuffer();
                  throw new TypeError('socket hang up');
                },
              })
            : new UssdkitClient({ ...options, ...target.clientOptions, baseUrl: proxy.url });
        return {
          client: lossy,
          dropped: () => proxy?.dropped ?? dropped,
          close: async () => {
            await lossy.close();
            await proxy?.close();
          },
        };
      }

      it('resolves a lost first answer through the 409 of the retry and the status endpoint', async () => {
        const lossy = await lossyClient('/v1/acquire/product');
        try {
          const before = await balance();
          const bought = await lossy.client.buy({
            sku: 'data-5gb',
            beneficiaryId: msisdn,
            customerMsisdn: msisdn,
          });
          expect(bought).toMatchObject({ status: 'SUCCESS', amount: 2000 });
          expect(lossy.dropped()).toBe(1);
          expect(await balance()).toBe(before - 2000);
        } finally {
          await lossy.close();
        }
      });

      it.each([
        [msisdn, 'SUCCESS'],
        ['unknown-success', 'UNKNOWN'],
      ] as const)(
        "resolves an async buy whose first answer was lost to the first acquire's real status (beneficiary %s: %s)",
        async (beneficiaryId, status) => {
          const lossy = await lossyClient('/v1/acquire/product/async');
          try {
            const bought = await lossy.client.buy({
              sku: 'airtime',
              amount: 100,
              beneficiaryId,
              customerMsisdn: msisdn,
              mode: 'async',
            });
            expect(lossy.dropped()).toBe(1);
            const real = await client.acquire.status(bought.operationId);
            expect(real.status).toBe(status);
            expect(bought).toEqual({ ...real, operationId: bought.operationId, amount: 100 });
          } finally {
            await lossy.close();
          }
        },
      );
    });

    describe('async acquires and callbacks', () => {
      it('delivers the success callback of an async acquire to the local receiver', async () => {
        const bought = await client.buy({
          sku: 'data-2gb',
          beneficiaryId: msisdn,
          customerMsisdn: msisdn,
          mode: 'async',
        });
        expect(bought).toEqual({
          status: 'INITIATED',
          operationId: bought.operationId,
          amount: 900,
        });
        await vi.waitFor(() => expect(callbacksOf(bought.operationId)).toHaveLength(1));
        const parsed = parseCallback(callbacksOf(bought.operationId)[0]);
        expect(parsed.kind).toBe('acquire');
        if (parsed.kind !== 'acquire') return;
        expect(parsed.callback).toMatchObject({
          clientId: 'demo-client',
          operationId: bought.operationId,
          operation: 'acquire',
          status: { result: 'success' },
        });
        expect(parsed.callback.acquire?.transactionId).toBeTruthy();
        expect(handled).toContain(`${bought.operationId}:success`);
        const again = await handle(callbacksOf(bought.operationId)[0]);
        expect(again.duplicate).toBe(true);
      });

      it('sends a failure callback with the lower-cased cause', async () => {
        const bought = await client.buy({
          sku: 'airtime',
          amount: 100,
          beneficiaryId: 'fail-INTERNAL',
          customerMsisdn: msisdn,
          mode: 'async',
        });
        expect(bought.status).toBe('INITIATED');
        await vi.waitFor(() => expect(callbacksOf(bought.operationId)).toHaveLength(1));
        expect(callbacksOf(bought.operationId)[0]).toMatchObject({
          status: { result: 'failure', cause: 'internal' },
        });
      });

      it('rejects an async acquire at once with reject-<CODE>', async () => {
        const error = await client
          .buy({
            sku: 'data-1gb',
            beneficiaryId: 'reject-UNSPECIFIED',
            customerMsisdn: msisdn,
            mode: 'async',
          })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(AcquireFailedError);
        expect(error).toMatchObject({ code: 'UNSPECIFIED' });
      });

      it('sends unknown, then the final callback once 30 s of sandbox time passed', async () => {
        const bought = await client.buy({
          sku: 'data-1gb',
          beneficiaryId: 'unknown-success',
          customerMsisdn: msisdn,
          mode: 'async',
        });
        await vi.waitFor(() => expect(callbacksOf(bought.operationId)).toHaveLength(1));
        expect(callbacksOf(bought.operationId)[0]).toMatchObject({ status: { result: 'unknown' } });
        await advance(30);
        await vi.waitFor(() => expect(callbacksOf(bought.operationId)).toHaveLength(2));
        expect(callbacksOf(bought.operationId)[1]).toMatchObject({ status: { result: 'success' } });
        expect(handled).toEqual(
          expect.arrayContaining([
            `${bought.operationId}:unknown`,
            `${bought.operationId}:success`,
          ]),
        );
      });
    });

    describe('status of UNKNOWN acquires', () => {
      it('reports UNKNOWN, then SUCCESS after 30 s (unknown-success)', async () => {
        const bought = await client.buy({
          sku: 'data-1gb',
          beneficiaryId: 'unknown-success',
          customerMsisdn: msisdn,
        });
        expect(bought.status).toBe('UNKNOWN');
        expect(await client.acquire.status(bought.operationId)).toEqual({ status: 'UNKNOWN' });
        await advance(30);
        const final = await client.waitForResult(bought.operationId, { intervalMs: 10 });
        expect(final.status).toBe('SUCCESS');
      });

      it('reports UNKNOWN, then FAILURE INTERNAL after 30 s (unknown-failure)', async () => {
        const bought = await client.buy({
          sku: 'data-1gb',
          beneficiaryId: 'unknown-failure',
          customerMsisdn: msisdn,
        });
        expect(bought.status).toBe('UNKNOWN');
        await advance(30);
        expect(await client.waitForResult(bought.operationId, { intervalMs: 10 })).toMatchObject({
          status: 'FAILURE',
          error: 'INTERNAL',
        });
      });

      it('answers UNKNOWN with TIMEOUT for a slow provider, SUCCESS later', async () => {
        const bought = await client.buy({
          sku: 'data-1gb',
          beneficiaryId: 'slow',
          customerMsisdn: msisdn,
        });
        expect(bought).toMatchObject({ status: 'UNKNOWN', error: 'TIMEOUT' });
        await advance(30);
        expect((await client.waitForResult(bought.operationId, { intervalMs: 10 })).status).toBe(
          'SUCCESS',
        );
      });

      it('answers NOT_FOUND for an operationId never used', async () => {
        expect(await client.acquire.status(crypto.randomUUID())).toEqual({ status: 'NOT_FOUND' });
      });
    });

    describe('operator-products flow', () => {
      it('lists, acquires (202, then a success callback) and reports the status', async () => {
        const products = await client.operatorProducts.list();
        expect(products).toEqual(
          expect.arrayContaining([
            { sku: 'mtn-airtime', operator: 'mtn', amount: null, description: expect.any(String) },
            { sku: 'mtn-100', operator: 'mtn', amount: 100, description: expect.any(String) },
          ]),
        );
        const operationId = crypto.randomUUID();
        expect(
          await client.operatorProducts.acquire({
            operationId,
            sku: 'mtn-100',
            acquirerMsisdn: msisdn,
          }),
        ).toEqual({
          status: 'ACCEPTED',
          operationId,
        });
        await vi.waitFor(() => expect(callbacksOf(operationId)).toHaveLength(1));
        expect(callbacksOf(operationId)[0]).toMatchObject({ status: { result: 'success' } });
        expect(await client.operatorProducts.status(operationId)).toBe('success');
        const anyAmount = crypto.randomUUID();
        await client.operatorProducts.acquire({
          operationId: anyAmount,
          sku: 'mtn-airtime',
          acquirerMsisdn: msisdn,
          amount: 250,
        });
        expect(await client.operatorProducts.status(anyAmount)).toBe('success');
      });

      it('answers 400 BAD_REQUEST for a product without price and no amount', async () => {
        const error = await client.operatorProducts
          .acquire({ operationId: crypto.randomUUID(), sku: 'mtn-airtime', acquirerMsisdn: msisdn })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ApiError);
        expect(error).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
      });
    });

    describe('ussd and client info', () => {
      it('pushes a session and gets a recovery short code', async () => {
        const pushed = await client.ussd.push({
          appId: 'demo-app',
          msisdn,
          contextData: 'order-1',
        });
        expect(pushed.sessionId).toBeTruthy();
        expect(pushed.recoveryShortcode).toMatch(/^\*384\*1\*\d{5}#$/);
        const error = await client.ussd.push({ appId: 'no-app', msisdn }).catch((e: unknown) => e);
        expect(error).toMatchObject({ status: 400, code: 'APP_NOT_FOUND' });
      });

      it('reads the app profile', async () => {
        expect(await client.ussd.appProfile('demo-app')).toEqual({
          appId: 'demo-app',
          url: 'http://127.0.0.1:3000/ussd',
          shortcode: '384*1',
        });
        const error = await client.ussd.appProfile('no-app').catch((e: unknown) => e);
        expect(error).toMatchObject({ status: 404 });
      });

      it('reads the client info with the callback URL', async () => {
        expect(await client.clientInfo.get()).toEqual({
          msisdn: '+2348000000000',
          callback: receiver.url,
          name: 'Demo Developer',
          emailAddress: 'demo@example.com',
          country: 'NG',
        });
      });
    });

    describe('error classes from real answers', () => {
      it('401 AuthenticationError for a wrong secret', async () => {
        const error = await clientFor('demo-client', 'wrong')
          .acquire.productGroups()
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(AuthenticationError);
        expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
        expect(JSON.parse((error as AuthenticationError).body)).toMatchObject({
          code: 'UNAUTHORIZED',
        });
      });

      it('402 InsufficientBalanceError when the balance is below the price', async () => {
        const poor = await sandboxApi<Developer>(baseUrl, 'POST', '/sandbox/developers', {
          balance: 100,
        });
        const operationId = crypto.randomUUID();
        const error = await clientFor(poor.clientId, poor.clientSecret)
          .buy({ sku: 'data-1gb', beneficiaryId: msisdn, customerMsisdn: msisdn, operationId })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(InsufficientBalanceError);
        expect(error).toMatchObject({ status: 402, code: 'INSUFFICIENT_BALANCE', operationId });
      });

      it('403 PermissionDeniedError without ACQUIRE or PUSH', async () => {
        const limited = await sandboxApi<Developer>(baseUrl, 'POST', '/sandbox/developers', {
          permissions: [],
        });
        const limitedClient = clientFor(limited.clientId, limited.clientSecret);
        const error = await limitedClient.acquire.productGroups().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(PermissionDeniedError);
        expect(error).toMatchObject({ status: 403, code: 'MISSING_PERMISSION' });
        const pushError = await limitedClient.ussd
          .push({ appId: 'demo-app', msisdn })
          .catch((e: unknown) => e);
        expect(pushError).toBeInstanceOf(PermissionDeniedError);
      });

      it('409 DuplicateOperationError for a reused operationId', async () => {
        const operationId = crypto.randomUUID();
        const request = {
          operationId,
          sku: 'data-1gb',
          beneficiaryId: msisdn,
          customerMsisdn: msisdn,
        };
        await client.acquire.product(request);
        const error = await client.acquire.product(request).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DuplicateOperationError);
        expect(error).toMatchObject({ status: 409, code: 'DUPLICATE_OPERATION', operationId });
      });
    });

    merchantAndHistoryContract(target, () => ({ baseUrl, client, clientFor, handled }));
  });
}
