import { describe, expect, it } from 'vitest';
import { bankingMenu } from '../src/banking/original';
import { bankingApp } from '../src/banking/port';
import { last, sideBySide } from './support/sideBySide';

const pair = { original: bankingMenu, port: bankingApp };

describe('the banking app, original and port', () => {
  it('loads the account and shows the new balance', async () => {
    const { port } = await sideBySide(pair, ['1', '250']);
    expect(port[0]).toEqual({
      shows: 'Choose Option\n1. Load Account\n2. View Catalogue\n3. Check Balance',
      continues: true,
    });
    expect(last(port)).toEqual({ shows: 'Loaded KES 250. New balance: KES 750', continues: false });
  });

  it('shows the catalogue', async () => {
    const { port } = await sideBySide(pair, ['2']);
    expect(last(port)).toEqual({
      shows: 'Savings: 3% a year\nFixed deposit: 7% a year',
      continues: false,
    });
  });

  it('shows the balance after the right PIN', async () => {
    const { port } = await sideBySide(pair, ['3', '1234']);
    expect(last(port)).toEqual({ shows: 'Your balance is KES 500', continues: false });
  });

  it('ends on a wrong PIN of four digits', async () => {
    const { port } = await sideBySide(pair, ['3', '9999']);
    expect(last(port)).toEqual({ shows: 'Wrong PIN.', continues: false });
  });

  it('asks again for a PIN that is not four digits', async () => {
    await sideBySide(pair, [
      '3',
      { input: '12', reask: 'Your PIN has 4 digits.' },
      { input: '12345', reask: 'Your PIN has 4 digits.' },
      '1234',
    ]);
  });

  it('sends an unknown start key to invalidOption (defaultNext)', async () => {
    const { port } = await sideBySide(pair, ['9']);
    expect(last(port)).toEqual({ shows: 'Invalid option.', continues: false });
  });

  it('asks again for an amount that is not only digits', async () => {
    await sideBySide(pair, [
      '1',
      { input: '1O0', reask: 'Enter the amount in digits.' },
      { input: '-5', reask: 'Enter the amount in digits.' },
      '100',
    ]);
  });
});
