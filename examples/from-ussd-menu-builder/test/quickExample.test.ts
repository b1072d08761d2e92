import { describe, expect, it } from 'vitest';
import { quickExampleMenu } from '../src/quick-example/original';
import { quickExampleApp } from '../src/quick-example/port';
import { last, sideBySide } from './support/sideBySide';

const pair = { original: quickExampleMenu, port: quickExampleApp };
const invalidChoice = 'Invalid choice. Try again.';

describe("the README's Quick Example, original and port", () => {
  it('shows the same start menu', async () => {
    const { port } = await sideBySide(pair, []);
    expect(port).toEqual([
      { shows: 'Welcome. Choose option:\n1. Show Balance\n2. Buy Airtime', continues: true },
    ]);
  });

  it('shows the balance and ends', async () => {
    const { port } = await sideBySide(pair, ['1']);
    expect(last(port)).toEqual({ shows: 'Your balance is KES 500', continues: false });
  });

  it('buys airtime with the amount typed', async () => {
    const { port, portServices } = await sideBySide(pair, ['2', '50']);
    expect(last(port)).toEqual({ shows: 'Airtime bought successfully.', continues: false });
    expect(portServices.airtime).toEqual([{ phoneNumber: '+254711000001', amount: 50 }]);
  });

  it('asks again for a key that is not on the menu', async () => {
    await sideBySide(pair, [{ input: '7', reask: invalidChoice }, '1']);
  });

  it('asks again for an amount without digits, then buys', async () => {
    const { port } = await sideBySide(pair, [
      '2',
      { input: 'ten', reask: 'Enter the amount in digits.' },
      { input: '', reask: 'Enter the amount in digits.' },
      '10',
    ]);
    expect(last(port).shows).toBe('Airtime bought successfully.');
  });

  it("keeps the original's unanchored rule: `5k` holds a digit and is taken (Number gives NaN)", async () => {
    const { portServices } = await sideBySide(pair, ['2', '5k']);
    expect(portServices.airtime).toEqual([{ phoneNumber: '+254711000001', amount: Number.NaN }]);
  });
});
