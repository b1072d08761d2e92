import { describe, expect, it } from 'vitest';
import { expectInvalid } from '../internal/expectInvalid';
import {
  acquireRequestSchema,
  acquireResultSchema,
  acquireStatusSchema,
  asyncAcquireResultSchema,
} from './acquire';
import { amountResponseSchema } from './amount';
import { errorBodySchema } from './errorBody';
import { operatorAcquireRequestSchema, operatorProductSchema } from './operatorProducts';
import { productSchema } from './product';
import { beneficiaryProductsResponseSchema, productGroupListSchema } from './productGroups';
import { clientProfileSchema, ussdAppProfileSchema } from './profiles';
import { pushRequestSchema, pushResponseSchema } from './push';

const product = {
  sku: 'data-1gb',
  amount: 500,
  productDescription: '1GB data',
  amountSource: 'FIXED',
  tags: ['data'],
};

describe('product groups', () => {
  it('reads both group types', () => {
    const groups = productGroupListSchema.parse([
      { type: 'STATIC_PRODUCT_GROUP', groupId: 'g1', groupName: 'Airtime', products: [product] },
      {
        type: 'BENEFICIARY_SPECIFIC_PRODUCT_GROUP',
        groupId: 'cable',
        groupName: 'Cable',
        beneficiaryIdLabel: 'Smart card number',
        tags: ['cable'],
        extra: 'ignored',
      },
    ]);
    expect(groups.map((group) => group.type)).toEqual([
      'STATIC_PRODUCT_GROUP',
      'BENEFICIARY_SPECIFIC_PRODUCT_GROUP',
    ]);
  });

  it('rejects an unknown group type, naming the field', () => {
    expect(expectInvalid(productGroupListSchema, [{ type: 'OTHER', groupId: 'x' }]).field).toBe(
      '0.type',
    );
  });

  it('rejects a product without amountSource and with an unknown amount source', () => {
    const { amountSource: _omitted, ...withoutSource } = product;
    expect(expectInvalid(productSchema, withoutSource).field).toBe('amountSource');
    expect(expectInvalid(productSchema, { ...product, amountSource: 'FREE' }).field).toBe(
      'amountSource',
    );
  });

  it('rejects a product amount with three decimals', () => {
    const error = expectInvalid(productSchema, { ...product, amount: 1.005 });
    expect(error.field).toBe('amount');
    expect(error.message).toContain('at most two decimals');
  });

  it('reads beneficiary products and their failure form', () => {
    expect(
      beneficiaryProductsResponseSchema.parse({ status: 'SUCCESS', products: [product] }).status,
    ).toBe('SUCCESS');
    expect(
      beneficiaryProductsResponseSchema.parse({ status: 'FAILURE', error: 'INVALID_GROUP_ID' }),
    ).toEqual({
      status: 'FAILURE',
      error: 'INVALID_GROUP_ID',
    });
    expect(
      beneficiaryProductsResponseSchema.parse({ status: 'FAILURE', error: 'GROUP_RETIRED' }),
    ).toEqual({ status: 'FAILURE', error: 'GROUP_RETIRED' });
    expect(
      expectInvalid(beneficiaryProductsResponseSchema, { status: 'FAILURE', error: 4 }).field,
    ).toBe('error');
  });
});

describe('amount', () => {
  it('reads the amount response', () => {
    const parsed = amountResponseSchema.parse({
      status: 'SUCCESS',
      amount: { value: 12500, restrictions: 'EXACT' },
      beneficiaryDetails: { beneficiaryName: 'Ada Obi' },
      paymentDetails: { productName: 'DStv renewal' },
    });
    expect(parsed.status === 'SUCCESS' && parsed.amount.value).toBe(12500);
  });

  it('keeps a failure code added upstream later', () => {
    expect(amountResponseSchema.parse({ status: 'FAILURE', error: 'BENEFICIARY_BLOCKED' })).toEqual(
      { status: 'FAILURE', error: 'BENEFICIARY_BLOCKED' },
    );
  });

  it('names the missing nested field', () => {
    expect(
      expectInvalid(amountResponseSchema, {
        status: 'SUCCESS',
        amount: { value: 1 },
        beneficiaryDetails: { beneficiaryName: 'x' },
        paymentDetails: { productName: 'y' },
      }).field,
    ).toBe('amount.restrictions');
  });
});

describe('acquire', () => {
  const request = {
    operationId: 'op-1',
    sku: 'airtime',
    beneficiaryId: '08031234567',
    customerMsisdn: '08031234567',
  };

  it('accepts a request with and without amount', () => {
    expect(acquireRequestSchema.parse(request)).toEqual(request);
    expect(acquireRequestSchema.parse({ ...request, amount: 100.5 }).amount).toBe(100.5);
  });

  it.each([
    ['operationId', { ...request, operationId: undefined }],
    ['sku', { ...request, sku: '' }],
    ['amount', { ...request, amount: 10.123 }],
    ['amount', { ...request, amount: -5 }],
    ['amount', { ...request, amount: '100' }],
  ])('rejects a bad %s', (field, body) => {
    expect(expectInvalid(acquireRequestSchema, body).field).toBe(field);
  });

  it('reads every result form', () => {
    expect(
      acquireResultSchema.parse({ status: 'SUCCESS', transactionId: 't', reference: 'r' }).status,
    ).toBe('SUCCESS');
    expect(
      acquireResultSchema.parse({ status: 'FAILURE', error: 'INVALID_AMOUNT', rawErrorCode: '23' }),
    ).toEqual({
      status: 'FAILURE',
      error: 'INVALID_AMOUNT',
      rawErrorCode: '23',
    });
    expect(acquireResultSchema.parse({ status: 'UNKNOWN', error: 'TIMEOUT' }).status).toBe(
      'UNKNOWN',
    );
    expect(asyncAcquireResultSchema.parse({ status: 'INITIATED' }).status).toBe('INITIATED');
    expect(acquireStatusSchema.parse({ status: 'NOT_FOUND' }).status).toBe('NOT_FOUND');
  });

  it('reads a status added upstream later as UNKNOWN, keeping it in raw', () => {
    // Spec: "`unknown` is not final." A status this version does not know is not final for it
    // either: UNKNOWN sends the caller to GET /v1/acquire/status, never to ship or refund.
    expect(acquireResultSchema.parse({ status: 'PENDING', transactionId: 't' })).toEqual({
      status: 'UNKNOWN',
      raw: 'PENDING',
    });
    expect(acquireResultSchema.parse({ status: 'INITIATED' })).toEqual({
      status: 'UNKNOWN',
      raw: 'INITIATED',
    });
    expect(asyncAcquireResultSchema.parse({ status: 'QUEUED' })).toEqual({
      status: 'UNKNOWN',
      raw: 'QUEUED',
    });
    expect(acquireStatusSchema.parse({ status: 'REVERSED' })).toEqual({
      status: 'UNKNOWN',
      raw: 'REVERSED',
    });
  });

  it('keeps an error code added upstream later', () => {
    expect(acquireResultSchema.parse({ status: 'FAILURE', error: 'RATE_LIMITED' })).toEqual({
      status: 'FAILURE',
      error: 'RATE_LIMITED',
    });
    expect(acquireStatusSchema.parse({ status: 'UNKNOWN', error: 'BANK_DOWN' })).toEqual({
      status: 'UNKNOWN',
      error: 'BANK_DOWN',
    });
  });

  it('still rejects a known status with its fields missing or wrong, naming the field', () => {
    expect(expectInvalid(acquireResultSchema, { status: 'SUCCESS', reference: 'r' }).field).toBe(
      'transactionId',
    );
    expect(expectInvalid(acquireResultSchema, { status: 'FAILURE', error: 42 }).field).toBe(
      'error',
    );
    expect(expectInvalid(acquireStatusSchema, { transactionId: 't' }).field).toBe('status');
    expect(expectInvalid(acquireStatusSchema, 'SUCCESS').field).toBe('');
  });
});

describe('operator products', () => {
  it('reads products with and without a price', () => {
    expect(
      operatorProductSchema.parse({
        sku: 'mtn-100',
        operator: 'mtn',
        amount: 100,
        description: 'x',
      }).amount,
    ).toBe(100);
    expect(
      operatorProductSchema.parse({ sku: 'mtn', operator: 'mtn', amount: null, description: 'x' })
        .amount,
    ).toBeNull();
  });

  it('requires amount to be present (null allowed)', () => {
    const body = { operationId: 'o', sku: 's', acquirerMsisdn: '08031234567' };
    expect(expectInvalid(operatorAcquireRequestSchema, body).field).toBe('amount');
    expect(operatorAcquireRequestSchema.parse({ ...body, amount: null }).amount).toBeNull();
  });
});

describe('push, profiles and errors', () => {
  it('reads push request and response', () => {
    expect(
      pushRequestSchema.parse({ appId: 'a', msisdn: '08031234567', contextData: '' }).contextData,
    ).toBe('');
    expect(expectInvalid(pushRequestSchema, { appId: 'a', msisdn: '0803' }).field).toBe(
      'contextData',
    );
    expect(pushResponseSchema.parse({ sessionId: 's', recoveryShortcode: null }).sessionId).toBe(
      's',
    );
    expect(
      pushResponseSchema.parse({ sessionId: 's', recoveryShortcode: '*384*1*12345#' })
        .recoveryShortcode,
    ).toBe('*384*1*12345#');
  });

  it('reads profiles and the error body', () => {
    expect(
      clientProfileSchema.parse({
        msisdn: '1',
        callback: 'http://x',
        name: 'n',
        emailAddress: 'e',
        country: 'NG',
      }).country,
    ).toBe('NG');
    expect(
      ussdAppProfileSchema.parse({ appId: 'a', url: 'http://x', shortcode: '384*1' }).shortcode,
    ).toBe('384*1');
    expect(expectInvalid(errorBodySchema, { code: 'X' }).field).toBe('message');
  });
});
