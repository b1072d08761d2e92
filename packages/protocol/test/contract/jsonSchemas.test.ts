import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { appEndpointsOpenApi, jsonSchemaFiles } from '../../scripts/jsonSchemas';
import { createUpstreamValidator, upstreamDocument } from '../../src/contract/index';
import { sessionCommandSchema } from '../../src/index';

type Event = 'new' | 'continue' | 'close' | 'abort';
type Json = Record<string, unknown>;

const files = jsonSchemaFiles() as Record<string, Json>;
const appEndpoints = files['app-endpoints.json']?.endpoints as Record<Event, Json>;
const serviceEndpoints = files['service-endpoints.json']?.endpoints as Record<string, Json>;
const openApi = appEndpointsOpenApi() as { components: { schemas: Record<string, Json> } };

/**
 * JSON Schema defines `multipleOf` on the number's value ("division by this keyword's value
 * results in an integer"), so `multipleOf: 0.01` is exactly "at most two decimals". Validators
 * that divide binary floats need their tolerance for it (ajv: `multipleOfPrecision`), or they
 * reject 19.99 (see the last test).
 */
const ajv = new Ajv2020({ allErrors: true, multipleOfPrecision: 9 });
const compile = (schema: unknown): ValidateFunction => ajv.compile(schema as object);
const request = (event: Event) => compile(appEndpoints[event].request);
const answer = compile(appEndpoints.new.response);

const document = upstreamDocument();
const upstream = createUpstreamValidator(document);
const base = { clientId: 'x97uJ23b', appId: 'b56r455', sessionId: 's-1' };
const show = (view: object) => ({ action: { type: 'ShowView', view }, contextData: '' });
const payment = (amount: number, paymentMode: object = { type: 'Flexible' }) => ({
  action: {
    type: 'RunProcess',
    process: {
      type: 'MerchantPaymentProcess',
      operationId: 'op-1',
      merchantCode: '89440477',
      amount,
      paymentMode,
    },
  },
  contextData: '',
});

describe('the generated JSON Schemas', () => {
  it("compile as JSON Schema 2020-12 in ajv's default strict mode", () => {
    const endpoints = [...Object.values(appEndpoints), ...Object.values(serviceEndpoints)];
    const callbacks = files['callbacks.json']?.bodies as Json;
    const schemas: unknown[] = [
      ...endpoints.flatMap((endpoint) => [endpoint.request, endpoint.response]),
      ...Object.values(callbacks),
    ].filter((schema) => schema !== undefined);
    expect(schemas.length).toBeGreaterThanOrEqual(20);
    for (const schema of schemas) {
      expect((schema as Json).$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(() => compile(schema)).not.toThrow();
    }
  });

  it('accept every example body of the upstream document 1.6.4, as published and as patched', () => {
    const examples = [
      ...createUpstreamValidator(document, { patched: false }).examples(),
      ...upstream.examples(),
    ];
    expect(examples.length).toBeGreaterThanOrEqual(60);
    for (const example of examples) {
      const validate = example.kind === 'request' ? request(example.event) : answer;
      expect(validate(example.value), `${example.where}: ${ajv.errorsText(validate.errors)}`).toBe(
        true,
      );
    }
  });

  it('reject a ChooserView without items ("ChooserView: at least 1 item, accessKeys unique.")', () => {
    expect(answer(show({ type: 'ChooserView', title: 'Menu', items: [] }))).toBe(false);
    expect(answer(show({ type: 'ChooserView', title: 'Menu' }))).toBe(false);
    expect(
      answer(show({ type: 'ChooserView', title: 'Menu', items: [{ accessKey: '1', label: 'A' }] })),
    ).toBe(true);
  });

  it('cannot state unique accessKeys (no JSON Schema keyword compares items): zod checks it', () => {
    const duplicate = show({
      type: 'ChooserView',
      title: 'Menu',
      items: [
        { accessKey: '1', label: 'A' },
        { accessKey: '1', label: 'B' },
      ],
    });
    expect(answer(duplicate)).toBe(true);
    expect(sessionCommandSchema.safeParse(duplicate).success).toBe(false);
    expect(JSON.stringify(appEndpoints.new.response)).toContain('accessKeys are unique');
  });

  it('reject amounts with more than two decimals ("amount in Naira with at most two decimals")', () => {
    // Upstream's MerchantPaymentProcess says it in words only: "Amount in Naira with at most
    // two decimal places." Ours says it as multipleOf: 0.01.
    for (const amount of [10.123, 1.005, 0.001, 1320.555])
      expect(answer(payment(amount))).toBe(false);
    for (const amount of [12.34, 1320.5, 19.99, 0.29, 1.1, 500])
      expect(answer(payment(amount))).toBe(true);
    const acquire = compile(serviceEndpoints.acquireProduct?.request);
    const body = { operationId: 'o', sku: 's', beneficiaryId: 'b', customerMsisdn: '08031234567' };
    expect(acquire({ ...body, amount: 100.5 })).toBe(true);
    expect(acquire({ ...body, amount: 10.123 })).toBe(false);
    expect(acquire({ ...body, amount: -5 })).toBe(false);
  });

  it('reject missing required fields, including FixedAccount without an account', () => {
    // The spec: "Response to new and continue requests: JSON object with `action` (required)";
    // "`FixedAccount` (fields `bank` string and `account` string; both are given)"; "Common fields
    // of every request: clientId (string), appId (string), sessionId (string ...)"; continue
    // carries "`result`"; abort "MissingPrivilege | privilege (string)".
    expect(answer({ contextData: '' })).toBe(false);
    expect(answer(payment(5, { type: 'FixedAccount', bank: '023' }))).toBe(false);
    expect(answer(payment(5, { type: 'FixedAccount', bank: '023', account: '1' }))).toBe(true);
    expect(answer(payment(5, { type: 'FixedAccount', bank: '023', accountNumber: '1' }))).toBe(
      true,
    );
    const { sessionId: _missing, ...withoutSession } = base;
    expect(
      request('new')({
        ...withoutSession,
        msisdn: '2341234567890',
        operator: 'mtn',
        input: { type: 'Dial', shortcodeString: '*384*1#' },
      }),
    ).toBe(false);
    expect(request('continue')({ ...base, contextData: '' })).toBe(false);
    expect(request('abort')({ ...base, reason: { type: 'MissingPrivilege' } })).toBe(false);
  });

  it('accept what the service adds later, as the tolerant reader does', () => {
    expect(request('close')({ ...base, reason: { type: 'Preempted' }, contextData: '' })).toBe(
      true,
    );
    expect(request('abort')({ ...base, reason: { type: 'RateLimited' } })).toBe(true);
    expect(request('abort')({ ...base, reason: {} })).toBe(false);
  });

  it('reject at least what upstream rejects when a required field is missing, except where the spec makes it optional', () => {
    // Upstream requires both, the spec does not: an answer's contextData is "string, optional"
    // (a missing one, in any body, reads as ""), and the Redirect process's params are "object of
    // name to value, may be empty" (a missing one reads as {}). Nothing else may be looser.
    const specOptional = new Set(['contextData', 'params']);
    const looser: string[] = [];
    for (const example of upstream.examples()) {
      const validate = example.kind === 'request' ? request(example.event) : answer;
      for (const [path, body] of deletions(example.value)) {
        const upstreamRejects =
          example.kind === 'request'
            ? !upstream.appRequest(example.event, body).valid
            : !upstream.appResponse(body).valid;
        const key = path[path.length - 1] ?? '';
        if (upstreamRejects && validate(body) && !specOptional.has(key)) {
          looser.push(`${example.where}: without ${path.join('.')}`);
        }
      }
    }
    expect(looser).toEqual([]);
  });

  it('need a validator that divides exactly: one dividing binary floats rejects 19.99', () => {
    const naive = new Ajv2020({ strict: false }).compile(appEndpoints.new.response as object);
    expect(naive(payment(19.99))).toBe(false);
    expect(answer(payment(19.99))).toBe(true);
  });
});

describe('the OpenAPI 3.1 document of the app endpoints', () => {
  const openApiAjv = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 9 });
  openApiAjv.addSchema(openApi, 'openapi');
  const component = (name: string) => {
    const validate = openApiAjv.getSchema(`openapi#/components/schemas/${name}`);
    if (validate === undefined) throw new Error(`no component ${name}`);
    return validate;
  };
  const paths = (openApi as unknown as { paths: Record<string, { post: Json }> }).paths;

  it('is OpenAPI 3.1 with the four endpoints, each body a component that resolves', () => {
    expect((openApi as unknown as Json).openapi).toBe('3.1.0');
    expect(Object.keys(paths)).toEqual(
      ['new', 'continue', 'close', 'abort'].map((event) => `/ussdSessionEvent/${event}`),
    );
    const refs = JSON.stringify(openApi).match(/"#\/components\/schemas\/[A-Za-z]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const found of new Set(refs)) {
      expect(openApi.components.schemas).toHaveProperty(found.slice(22, -1));
    }
    for (const name of Object.keys(openApi.components.schemas)) {
      expect(() => component(name)).not.toThrow();
    }
  });

  it('accepts every upstream example through its components and keeps the rules', () => {
    const requests = {
      new: 'NewSession',
      continue: 'ContinueSession',
      close: 'CloseSession',
      abort: 'AbortSession',
    };
    for (const example of createUpstreamValidator(document, { patched: false }).examples()) {
      const validate = component(
        example.kind === 'request' ? requests[example.event] : 'SessionCommand',
      );
      expect(validate(example.value), example.where).toBe(true);
    }
    const command = component('SessionCommand');
    expect(command(payment(10.123))).toBe(false);
    expect(command(show({ type: 'ChooserView', title: 'Menu', items: [] }))).toBe(false);
    expect(command(payment(10.12))).toBe(true);
  });
});

/** Every way to remove one key from `value`, with the path of the removed key. */
function* deletions(value: unknown, path: string[] = []): Generator<[string[], unknown]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
  for (const key of Object.keys(value)) {
    const { [key]: _removed, ...rest } = value as Json;
    yield [[...path, key], rest];
    for (const [inner, changed] of deletions((value as Json)[key], [...path, key])) {
      yield [inner, { ...(value as Json), [key]: changed }];
    }
  }
}
