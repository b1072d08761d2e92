import { describe, expect, it } from 'vitest';
import { expectInvalid } from '../internal/expectInvalid';
import { sessionCommandSchema } from './actions';

const show = (view: unknown) => ({ action: { type: 'ShowView', view } });

describe('session command', () => {
  it('reads every view and fills contextData', () => {
    expect(sessionCommandSchema.parse(show({ type: 'InputView', message: 'Amount?' }))).toEqual({
      action: { type: 'ShowView', view: { type: 'InputView', message: 'Amount?' } },
      contextData: '',
    });
    expect(
      sessionCommandSchema.parse({
        ...show({ type: 'InfoView', message: 'Bye' }),
        sessionTag: 'tag',
      }).sessionTag,
    ).toBe('tag');
    const chooser = {
      type: 'ChooserView',
      title: 'Menu',
      items: [{ accessKey: '1', label: 'Airtime' }],
      separator: ') ',
    };
    expect(sessionCommandSchema.parse(show(chooser)).action).toEqual({
      type: 'ShowView',
      view: chooser,
    });
  });

  it('rejects an empty chooser and duplicate accessKeys, naming the item', () => {
    const empty = expectInvalid(
      sessionCommandSchema,
      show({ type: 'ChooserView', title: 'Menu', items: [] }),
    );
    expect(empty.field).toBe('action.view.items');
    expect(empty.message).toContain('at least one item');
    const duplicate = expectInvalid(
      sessionCommandSchema,
      show({
        type: 'ChooserView',
        title: 'Menu',
        items: [
          { accessKey: '1', label: 'A' },
          { accessKey: '1', label: 'B' },
        ],
      }),
    );
    expect(duplicate.field).toBe('action.view.items.1.accessKey');
    expect(duplicate.message).toContain('duplicate accessKey "1"');
  });

  it('rejects an empty separator and an unknown view type', () => {
    expect(
      expectInvalid(
        sessionCommandSchema,
        show({
          type: 'ChooserView',
          title: 'M',
          items: [{ accessKey: '1', label: 'A' }],
          separator: '',
        }),
      ).field,
    ).toBe('action.view.separator');
    expect(expectInvalid(sessionCommandSchema, show({ type: 'MapView' })).field).toBe(
      'action.view.type',
    );
  });

  it('reads Redirect in both spellings and writes "Redirect"', () => {
    for (const type of ['Redirect', 'UssdAction.Redirect']) {
      expect(
        sessionCommandSchema.parse({
          action: { type, destinationAppId: 'b56r455', process: { id: 'pay', params: {} } },
        }).action.type,
      ).toBe('Redirect');
    }
  });

  it('reads merchant payments with every payment and execution mode', () => {
    const payment = (paymentMode: unknown, executionMode?: unknown) => ({
      action: {
        type: 'RunProcess',
        process: {
          type: 'MerchantPaymentProcess',
          operationId: 'o',
          merchantCode: '894',
          amount: 1320.5,
          paymentMode,
          executionMode,
        },
      },
    });
    expect(sessionCommandSchema.parse(payment({ type: 'Flexible' })).action).toMatchObject({
      type: 'RunProcess',
    });
    expect(
      sessionCommandSchema.parse(
        payment({ type: 'FixedBank', bank: '023' }, { type: 'WithoutWaitingForBank' }),
      ).action,
    ).toMatchObject({
      process: { paymentMode: { bank: '023' }, executionMode: { type: 'WithoutWaitingForBank' } },
    });
    for (const mode of [
      { type: 'FixedAccount', bank: '023', account: '1234567890' },
      { type: 'FixedAccount', bank: '023', accountNumber: '1234567890' },
    ]) {
      expect(
        sessionCommandSchema.parse(
          payment(mode, { type: 'WithBankResponseTimeout', millis: 15000 }),
        ).action,
      ).toMatchObject({
        process: { paymentMode: { type: 'FixedAccount', bank: '023', account: '1234567890' } },
      });
    }
    expect(
      expectInvalid(sessionCommandSchema, payment({ type: 'FixedAccount', bank: '023' })).field,
    ).toBe('action.process.paymentMode.account');
    expect(
      expectInvalid(
        sessionCommandSchema,
        payment({ type: 'Flexible' }, { type: 'WithBankResponseTimeout' }),
      ).field,
    ).toBe('action.process.executionMode.millis');
  });

  it('rejects a payment amount with three decimals', () => {
    const error = expectInvalid(sessionCommandSchema, {
      action: {
        type: 'RunProcess',
        process: {
          type: 'MerchantPaymentProcess',
          operationId: 'o',
          merchantCode: 'm',
          amount: 10.123,
          paymentMode: { type: 'Flexible' },
        },
      },
    });
    expect(error.field).toBe('action.process.amount');
  });

  it('reads embedded processes, ReturnFromRedirect and LegacyAppRedirect', () => {
    expect(
      sessionCommandSchema.parse({
        action: {
          type: 'RunProcess',
          process: { type: 'EmbeddedProcess', processId: 'p', params: { a: 'b' } },
        },
      }).action,
    ).toMatchObject({ process: { type: 'EmbeddedProcess' } });
    expect(
      sessionCommandSchema.parse({ action: { type: 'ReturnFromRedirect', resultParams: {} } })
        .action.type,
    ).toBe('ReturnFromRedirect');
    expect(
      sessionCommandSchema.parse({ action: { type: 'LegacyAppRedirect', uri: 'http://legacy' } })
        .action.type,
    ).toBe('LegacyAppRedirect');
    expect(
      expectInvalid(sessionCommandSchema, { action: { type: 'LegacyAppRedirect' } }).field,
    ).toBe('action.uri');
    expect(expectInvalid(sessionCommandSchema, {}).field).toBe('action');
  });
});
