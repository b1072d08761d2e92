import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createUpstreamValidator,
  UPSTREAM_DOCUMENT_VERSION,
  upstreamDocument,
} from '../../src/contract/index';
import {
  abortSessionSchema,
  closeSessionSchema,
  continueSessionSchema,
  newSessionSchema,
  sessionCommandSchema,
} from '../../src/index';

const document = upstreamDocument();
const validator = createUpstreamValidator(document);
const base = {
  clientId: 'x97uJ23b',
  appId: 'b56r455',
  sessionId: '8a444af8-4b03-4545-8677-2a6c924bdddb',
};

/** What our writer emits for a value: the schema's output, serialised as JSON. */
const written = (schema: { parse(value: unknown): unknown }, value: unknown) =>
  JSON.parse(JSON.stringify(schema.parse(value))) as unknown;

const show = (view: object) => ({ action: { type: 'ShowView', view } });
const payment = (paymentMode: object, executionMode?: object) => ({
  action: {
    type: 'RunProcess',
    process: {
      type: 'MerchantPaymentProcess',
      operationId: '535bdec5-ea1c-4737-b9e2-04a9743d4227',
      merchantCode: '89440477',
      amount: 1320.5,
      paymentMode,
      ...(executionMode === undefined ? {} : { executionMode }),
    },
  },
});

const commands: Record<string, object> = {
  InputView: show({ type: 'InputView', message: 'Amount?' }),
  ChooserView: show({
    type: 'ChooserView',
    title: 'Menu',
    items: [{ accessKey: '1', label: 'Airtime' }],
  }),
  'ChooserView with separator': show({
    type: 'ChooserView',
    title: 'Menu',
    items: [
      { accessKey: '1', label: 'Airtime' },
      { accessKey: '2', label: 'Data' },
    ],
    separator: ') ',
  }),
  InfoView: show({ type: 'InfoView', message: 'Thank you' }),
  'with sessionTag': {
    ...show({ type: 'InfoView', message: 'Bye' }),
    contextData: 'ctx',
    sessionTag: 'airtime',
  },
  Redirect: { action: { type: 'Redirect', destinationAppId: 'b56r455' } },
  'Redirect with process': {
    action: {
      type: 'Redirect',
      destinationAppId: 'b56r455',
      process: { id: 'pay', params: { amount: '100' } },
    },
  },
  'MerchantPayment Flexible': payment({ type: 'Flexible' }),
  'MerchantPayment FixedBank, WithoutWaitingForBank': payment(
    { type: 'FixedBank', bank: '023' },
    { type: 'WithoutWaitingForBank' },
  ),
  'MerchantPayment FixedAccount, WithBankResponseTimeout': payment(
    { type: 'FixedAccount', bank: '023', account: '1234567890' },
    { type: 'WithBankResponseTimeout', millis: 15000 },
  ),
  EmbeddedProcess: {
    action: {
      type: 'RunProcess',
      process: { type: 'EmbeddedProcess', processId: 'p', params: { a: 'b' } },
    },
  },
  ReturnFromRedirect: { action: { type: 'ReturnFromRedirect', resultParams: { paid: 'true' } } },
  LegacyAppRedirect: { action: { type: 'LegacyAppRedirect', uri: 'https://legacy.example/ussd' } },
};

type EventCase = readonly [
  event: 'new' | 'continue' | 'close' | 'abort',
  name: string,
  body: object,
];
const events: EventCase[] = [
  [
    'new',
    'Dial',
    {
      ...base,
      msisdn: '2341234567890',
      operator: 'mtn',
      input: { type: 'Dial', shortcodeString: '*384*1*5#' },
    },
  ],
  [
    'new',
    'Push',
    {
      ...base,
      msisdn: '+2341234567890',
      operator: 'glo',
      input: { type: 'Push', contextData: 'receipt:1' },
    },
  ],
  [
    'new',
    'Redirect',
    {
      ...base,
      msisdn: '08031234567',
      operator: 'airtel',
      input: { type: 'Redirect', process: { id: 'pay', params: {} } },
    },
  ],
  [
    'new',
    'Redirect without process',
    { ...base, msisdn: '08031234567', operator: 'mtn', input: { type: 'Redirect' } },
  ],
  [
    'continue',
    'InputResult',
    { ...base, result: { type: 'InputResult', value: '1' }, contextData: '' },
  ],
  ...(['Success', 'Unknown'] as const).map(
    (type) =>
      [
        'continue',
        `MerchantPaymentResult ${type}`,
        {
          ...base,
          result: { type: 'MerchantPaymentResult', operationId: 'o', status: { type } },
          contextData: 'c',
        },
      ] as const,
  ),
  ...(
    [
      'AuthenticationFailed',
      'InsufficientBalance',
      'InvalidMerchant',
      'NoAccounts',
      'SwitchUnavailable',
      'Other',
    ] as const
  ).map(
    (cause) =>
      [
        'continue',
        `MerchantPaymentResult Failure ${cause}`,
        {
          ...base,
          result: {
            type: 'MerchantPaymentResult',
            operationId: 'o',
            status: { type: 'Failure', cause: { type: cause } },
          },
          contextData: '',
        },
      ] as const,
  ),
  [
    'continue',
    'EmbeddedProcessResult',
    {
      ...base,
      result: { type: 'EmbeddedProcessResult', resultParams: { ok: 'true' } },
      contextData: '',
    },
  ],
  [
    'continue',
    'ReturnFromRedirectResult',
    { ...base, result: { type: 'ReturnFromRedirectResult', resultParams: {} }, contextData: '' },
  ],
  ...(['End', 'Abandon', 'Timeout'] as const).map(
    (type) => ['close', type, { ...base, reason: { type }, contextData: 'c' }] as const,
  ),
  [
    'abort',
    'MissingPrivilege',
    {
      ...base,
      reason: { type: 'MissingPrivilege', privilege: 'EMBEDDED_PROCESS' },
      contextData: '',
    },
  ],
  [
    'abort',
    'InsufficientBalanceInVirtualPurse',
    { ...base, reason: { type: 'InsufficientBalanceInVirtualPurse' }, contextData: '' },
  ],
  [
    'abort',
    'DuplicatedOperation',
    { ...base, reason: { type: 'DuplicatedOperation', operationId: 'o' }, contextData: '' },
  ],
  [
    'abort',
    'UnexpectedUssdAppResponse',
    { ...base, reason: { type: 'UnexpectedUssdAppResponse' }, contextData: '' },
  ],
  ['abort', 'InternalError', { ...base, reason: { type: 'InternalError' }, contextData: '' }],
];

const requestSchemas = {
  new: newSessionSchema,
  continue: continueSessionSchema,
  close: closeSessionSchema,
  abort: abortSessionSchema,
};

describe('the vendored upstream document', () => {
  const folder = join(import.meta.dirname, '..', '..', 'upstream');

  it('is the published file, byte for byte, with the hash its README records', () => {
    const file = readFileSync(join(folder, `ussd-app-api-${UPSTREAM_DOCUMENT_VERSION}.json`));
    const hash = createHash('sha256').update(file).digest('hex');
    expect(readFileSync(join(folder, 'README.md'), 'utf8')).toContain(`\`${hash}\``);
    expect(hash).toBe('60141f32a62e48a0b147595ba7631eaef65ee3a7febcc91a1cdac1eeaf3aa905');
    expect(JSON.parse(file.toString('utf8'))).toEqual(document);
  });

  it('is version 1.6.4, and every call gives a fresh copy', () => {
    expect((document as { info: { version: string } }).info.version).toBe(
      UPSTREAM_DOCUMENT_VERSION,
    );
    (upstreamDocument() as { info: { version: string } }).info.version = 'changed';
    expect((upstreamDocument() as { info: { version: string } }).info.version).toBe('1.6.4');
  });
});

describe('our writer against the upstream OpenAPI document 1.6.4 (patched)', () => {
  it.each(Object.entries(commands))('app answer: %s', (_name, command) => {
    expect(validator.appResponse(written(sessionCommandSchema, command)).errors).toEqual([]);
  });

  it.each(events)('%s request: %s', (event, _name, body) => {
    expect(validator.appRequest(event, written(requestSchemas[event], body)).errors).toEqual([]);
  });

  it('rejects what upstream rejects, so the validator can fail', () => {
    expect(
      validator.appResponse({
        action: { type: 'ShowView', view: { type: 'ChooserView', title: 'M', items: [] } },
        contextData: '',
      }).valid,
    ).toBe(false);
    expect(validator.appResponse(commands.InfoView).valid).toBe(false); // no contextData: required upstream
    expect(
      validator.appRequest('close', { ...base, reason: { type: 'Gone' }, contextData: '' }).valid,
    ).toBe(false);
  });

  it('needs the patches: the raw document rejects the spec forms the patched one accepts', () => {
    const raw = createUpstreamValidator(document, { patched: false });
    const failure = {
      ...base,
      result: {
        type: 'MerchantPaymentResult',
        operationId: 'o',
        status: { type: 'Failure', cause: { type: 'Other' } },
      },
      contextData: '',
    };
    expect(raw.appRequest('continue', failure).valid).toBe(false);
    expect(validator.appRequest('continue', failure).valid).toBe(true);
    const fixedAccount = written(
      sessionCommandSchema,
      commands['MerchantPayment FixedAccount, WithBankResponseTimeout'],
    );
    expect(raw.appResponse(fixedAccount).valid).toBe(false);
    expect(validator.appResponse(fixedAccount).valid).toBe(true);
  });
});

describe('every example body of the upstream document parses with our schemas', () => {
  const examples = createUpstreamValidator(structuredClone(document)).examples();
  const rawExamples = JSON.stringify(document).includes('UssdAction.Redirect');

  it('finds the examples, including the raw Redirect spelling', () => {
    expect(examples.length).toBeGreaterThanOrEqual(30);
    expect(rawExamples).toBe(true);
  });

  it.each(examples.map((example) => [example.where, example] as const))('%s', (_where, example) => {
    const schema =
      example.kind === 'response' ? sessionCommandSchema : requestSchemas[example.event];
    expect(schema.safeParse(example.value).success).toBe(true);
  });
});
