import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as protocol from '../../src/index';
import { ProtocolError, parseWire } from '../../src/index';
import { hostileValue, mutated } from './mutate';

/** Every zod schema the package exports, by export name. */
const isSchema = (value: unknown): value is z.ZodType =>
  typeof (value as { safeParse?: unknown } | null)?.safeParse === 'function';
const schemas: [string, z.ZodType][] = Object.entries(protocol).flatMap(([name, value]) =>
  isSchema(value) ? [[name, value] as [string, z.ZodType]] : [],
);

/** Valid bodies of the main wire shapes, mutated by the fuzzer. */
const samples: Record<string, unknown> = {
  newSessionSchema: {
    clientId: 'c',
    appId: 'a',
    sessionId: 's',
    msisdn: '+2348030000000',
    operator: 'mtn',
    input: { type: 'Dial', shortcodeString: '*384*1#' },
  },
  continueSessionSchema: {
    clientId: 'c',
    appId: 'a',
    sessionId: 's',
    result: { type: 'InputResult', value: '1' },
    contextData: 'h1',
  },
  sessionCommandSchema: {
    action: {
      type: 'ShowView',
      view: { type: 'ChooserView', title: 'Menu', items: [{ accessKey: '1', label: 'Buy' }] },
    },
    contextData: 'h1',
  },
  acquireRequestSchema: {
    operationId: 'op-1',
    sku: 'data-1gb',
    beneficiaryId: '08031234567',
    customerMsisdn: '08031234567',
    amount: 500,
  },
  acquireCallbackSchema: {
    clientId: 'c',
    operationId: 'op-1',
    operation: 'acquire',
    status: { result: 'success' },
    acquire: { reference: 'r', transactionId: 't' },
  },
};

function expectOnlyProtocolErrors(schema: z.ZodType, value: unknown): void {
  try {
    parseWire(schema, value, 'fuzzed body');
  } catch (error) {
    expect(error).toBeInstanceOf(ProtocolError);
    expect(typeof (error as ProtocolError).field).toBe('string');
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

describe('parseWire never throws anything but ProtocolError', () => {
  it('finds the exported schemas', () => {
    expect(schemas.length).toBeGreaterThan(30);
    for (const name of Object.keys(samples)) expect(schemas.map(([n]) => n)).toContain(name);
  });

  it.each(schemas)('%s on arbitrary JSON and hostile values', (_name, schema) => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), hostileValue), (value) => {
        expectOnlyProtocolErrors(schema, value);
      }),
      { numRuns: 60 },
    );
  });

  it.each(Object.entries(samples))('%s on mutated valid bodies', (name, sample) => {
    const schema = schemas.find(([n]) => n === name)?.[1];
    if (schema === undefined) throw new Error(`no schema ${name}`);
    expect(parseWire(schema, sample, name)).toBeDefined();
    fc.assert(
      fc.property(mutated(sample), (value) => {
        expectOnlyProtocolErrors(schema, value);
      }),
      { numRuns: 400 },
    );
  });
});
