import { describe, expect, it } from 'vitest';
import { registrationMenu } from '../src/registration/original';
import { registrationApp } from '../src/registration/port';
import { fakeServices } from '../src/services';
import { expectedPort, inputsOf, originalPhone, portPhone, walk } from './support/phones';
import { last, sideBySide } from './support/sideBySide';

const pair = { original: registrationMenu, port: registrationApp };

describe('the registration flow, original and port', () => {
  it('registers a name and an email kept across requests', async () => {
    const { port, portServices, originalServices } = await sideBySide(pair, [
      '1',
      'Wanjiru Kamau',
      'wanjiru@example.com',
    ]);
    expect(port.map((screen) => screen.shows)).toEqual([
      'Welcome to Jamii Sacco\n1. Register\n2. My details',
      'Enter your name',
      'Enter your email',
      'Thank you, Wanjiru Kamau. We will write to wanjiru@example.com.',
    ]);
    const expected = { name: 'Wanjiru Kamau', email: 'wanjiru@example.com' };
    expect(await portServices.registration('+254711000001')).toEqual(expected);
    expect(await originalServices.registration('+254711000001')).toEqual(expected);
  });

  it('says who is not registered yet', async () => {
    const { port } = await sideBySide(pair, ['2']);
    expect(last(port)).toEqual({ shows: 'You are not registered yet.', continues: false });
  });

  it('asks again for a name without letters', async () => {
    const { port } = await sideBySide(pair, [
      '1',
      { input: '1234', reask: 'Your name must have letters.' },
      { input: '', reask: 'Your name must have letters.' },
      'Otieno',
      'otieno@example.org',
    ]);
    expect(last(port).shows).toBe('Thank you, Otieno. We will write to otieno@example.org.');
  });

  it('asks again for an email that is none, and keeps the name where the original loses it', async () => {
    const steps = [
      '1',
      'Otieno',
      { input: 'otieno at example', reask: 'That is not an email address.' },
      'otieno@example.org',
    ];
    const original = await walk(originalPhone(registrationMenu(fakeServices())), inputsOf(steps));
    const port = await walk(portPhone(registrationApp(fakeServices())), inputsOf(steps));
    // Up to the re-ask both show the same.
    expect(port.slice(0, -1)).toEqual(expectedPort(original, steps).slice(0, -1));
    // ussd-menu-builder asks again by running the state the input failed on once more (its
    // `defaultNext`): `registration.name` stores `menu.val`, now the refused email, as the name.
    expect(last(original).shows).toBe(
      'Thank you, otieno at example. We will write to otieno@example.org.',
    );
    // The router re-shows a refused input without running any handler: the name is kept.
    expect(last(port)).toEqual({
      shows: 'Thank you, Otieno. We will write to otieno@example.org.',
      continues: false,
    });
  });

  it('asks again for a key that is not on the menu', async () => {
    await sideBySide(pair, [{ input: '3', reask: 'Invalid choice. Try again.' }, '2']);
  });
});
