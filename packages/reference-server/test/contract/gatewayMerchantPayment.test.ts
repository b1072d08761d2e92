import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeWorld,
  fakeWorld,
  type GatewayServer,
  show,
  startGatewayServer,
  startTestApp,
  type TestApp,
  type Wire,
} from './gatewayHarness';

const RICH_PHONE = '08031234567';
const NO_ACCOUNT_PHONE = '08031230000';

function payment(operationId: string, paymentMode: object, extra: object = {}) {
  return {
    json: {
      action: {
        type: 'RunProcess',
        process: {
          type: 'MerchantPaymentProcess',
          operationId,
          merchantCode: '12345',
          amount: 1500,
          paymentMode,
          ...extra,
        },
      },
      contextData: `paying-${operationId}`,
    },
  };
}

describe('gateway: merchant payment dialog', () => {
  let world: FakeWorld;
  let app: TestApp;
  let server: GatewayServer;
  let process: (operationId: string) => ReturnType<typeof payment>;

  beforeEach(async () => {
    world = fakeWorld();
    world.addDeveloper('dev-1');
    process = (operationId) => payment(operationId, { type: 'Flexible' });
    app = await startTestApp((event, body: Wire) => {
      if (event === 'new') return process(body.sessionId);
      if (event === 'continue')
        return show({ type: 'InfoView', message: `Result ${body.result.status.type}` });
      return undefined;
    });
    world.addApp({ appId: 'app-1', clientId: 'dev-1', appCode: '12', url: app.url });
    server = await startGatewayServer(world.deps);
  });

  afterEach(async () => {
    await server.close();
    await app.close();
    expect(app.violations).toEqual([]);
  });

  /** Dials, types the inputs, and returns the MerchantPaymentResult and the callbacks. */
  async function pay(inputs: string[], msisdn = RICH_PHONE) {
    const first = await server.dial('*384*12#', msisdn);
    const screens = [first.screen];
    for (const text of inputs) screens.push((await server.input(first.sessionId, text)).screen);
    const cont = app.received.find((entry) => entry.event === 'continue');
    return { sessionId: first.sessionId, screens, cont: cont?.body, callbacks: world.callbacks };
  }

  // spec, States: "open | application responds with RunProcess | | open, process running | on the
  // next continue request the application gets MerchantPaymentResult or EmbeddedProcessResult";
  // Payment modes: "`Flexible` (the customer is asked for bank and account)"; Merchant payment
  // callback: "It is sent in addition to the MerchantPaymentResult in the session"
  it('Flexible: bank, then account, then PIN; Success goes to the app and the callback', async () => {
    const { sessionId, screens, cont, callbacks } = await pay(['9', '2', '1', '1234']);
    expect(screens).toEqual([
      'Pay NGN 1500 to 12345\nChoose your bank:\n1. Access Bank\n2. GTBank\n3. Zenith Bank',
      'Invalid choice. Try again.\nPay NGN 1500 to 12345\nChoose your bank:\n1. Access Bank\n2. GTBank\n3. Zenith Bank',
      'Pay NGN 1500 to 12345\nChoose your GTBank account:\n1. 0581234567',
      'Pay NGN 1500 to 12345 from 0581234567\nEnter your PIN:',
      'Result Success',
    ]);
    expect(cont).toEqual({
      clientId: 'dev-1',
      appId: 'app-1',
      sessionId,
      result: {
        type: 'MerchantPaymentResult',
        operationId: sessionId,
        status: { type: 'Success' },
      },
      contextData: `paying-${sessionId}`,
    });
    expect(callbacks).toEqual([
      {
        clientId: 'dev-1',
        operationId: sessionId,
        body: { clientId: 'dev-1', operationId: sessionId, result: 'Success' },
      },
    ]);
    await vi.waitFor(() => expect(app.events()).toEqual(['new', 'continue', 'close']));
  });

  // spec, Payment modes: "`FixedBank` (field `bank` string; the customer is asked for the account
  // only)"
  it('FixedBank: the customer picks only the account', async () => {
    process = (operationId) => payment(operationId, { type: 'FixedBank', bank: '044' });
    const { screens, cont } = await pay(['1', '1234']);
    expect(screens[0]).toBe(
      'Pay NGN 1500 to 12345\nChoose your Access Bank account:\n1. 0690000031\n2. 0690000032',
    );
    expect(cont.result.status).toEqual({ type: 'Success' });
  });

  // spec, Payment modes: "`FixedAccount` (fields `bank` string and `account` string; both are
  // given)"
  it('FixedAccount (also read as accountNumber): straight to the PIN', async () => {
    process = (operationId) =>
      payment(operationId, { type: 'FixedAccount', bank: '057', account: '0579876543' });
    const { screens, cont } = await pay(['1234']);
    expect(screens[0]).toBe('Pay NGN 1500 to 12345 from 0579876543\nEnter your PIN:');
    expect(cont.result.status).toEqual({ type: 'Success' });
  });

  // spec, "Merchant payment failure causes (`status.cause.type`): `AuthenticationFailed` ...,
  // `InsufficientBalance`, `InvalidMerchant` ..., `NoAccounts` (customer has no accounts; only in
  // Flexible mode), `SwitchUnavailable` ..., `Other`."
  it.each([
    ['AuthenticationFailed', ['1', '1', '0000'], RICH_PHONE],
    ['InsufficientBalance', ['1', '2', '1234'], RICH_PHONE],
    ['SwitchUnavailable', ['1', '1', '5555'], RICH_PHONE],
    ['Other', ['1', '1', '6666'], RICH_PHONE],
    ['NoAccounts', [], NO_ACCOUNT_PHONE],
  ])('Failure %s', async (cause, inputs, msisdn) => {
    const { sessionId, cont, callbacks } = await pay(inputs, msisdn);
    expect(cont.result.status).toEqual({ type: 'Failure', cause: { type: cause } });
    expect(callbacks.map((callback) => callback.body)).toEqual([
      { clientId: 'dev-1', operationId: sessionId, result: 'Failure', cause },
    ]);
  });

  it('Failure InvalidMerchant for a merchant code starting with 999', async () => {
    process = (operationId) => ({
      json: {
        action: {
          type: 'RunProcess',
          process: {
            type: 'MerchantPaymentProcess',
            operationId,
            merchantCode: '999001',
            amount: 10,
            paymentMode: { type: 'Flexible' },
          },
        },
        contextData: '',
      },
    });
    const { cont } = await pay(['3', '1', '1234']);
    expect(cont.result.status).toEqual({ type: 'Failure', cause: { type: 'InvalidMerchant' } });
  });

  it('NoAccounts is a Flexible outcome only: FixedBank still offers the accounts', async () => {
    process = (operationId) => payment(operationId, { type: 'FixedBank', bank: '058' });
    const { cont } = await pay(['1', '1234'], NO_ACCOUNT_PHONE);
    expect(cont.result.status).toEqual({ type: 'Success' });
  });

  // spec: "`Unknown` means the result cannot be established during the session; the final result
  // comes in the developer's callback."; Merchant payment callback: "the reliable channel when the
  // in-session result is Unknown"
  it.each([
    ['7777', { result: 'Success' }],
    ['8888', { result: 'Failure', cause: 'Other' }],
  ])(
    'PIN %s: Unknown in the session, the final result by callback 30 s later',
    async (pin, final) => {
      const { sessionId, cont, callbacks } = await pay(['2', '1', pin]);
      expect(cont.result.status).toEqual({ type: 'Unknown' });
      expect(callbacks.map((callback) => callback.body)).toEqual([
        { clientId: 'dev-1', operationId: sessionId, result: 'Unknown' },
      ]);
      await world.clock.advance(29);
      expect(callbacks).toHaveLength(1);
      await world.clock.advance(1);
      expect(callbacks.map((callback) => callback.body)).toEqual([
        { clientId: 'dev-1', operationId: sessionId, result: 'Unknown' },
        { clientId: 'dev-1', operationId: sessionId, ...final },
      ]);
    },
  );

  it('an unknown bank in FixedBank fails with Other', async () => {
    process = (operationId) => payment(operationId, { type: 'FixedBank', bank: '999' });
    const { cont } = await pay([]);
    expect(cont.result.status).toEqual({ type: 'Failure', cause: { type: 'Other' } });
  });

  it('a successful payment debits the sandbox account', async () => {
    process = (operationId) =>
      payment(operationId, { type: 'FixedAccount', bank: '057', accountNumber: '0579876543' });
    for (let paid = 0; paid < 13; paid += 1) await pay(['1234']);
    app.received.length = 0;
    const { cont } = await pay(['1234']);
    expect(cont.result.status).toEqual({ type: 'Failure', cause: { type: 'InsufficientBalance' } });
  });
});
