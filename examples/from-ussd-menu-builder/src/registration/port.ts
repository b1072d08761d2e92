// examples/from-ussd-menu-builder/src/registration/port.ts: the registration flow on ussdkit
import { createApp } from '@ussdkit/router';
import { z } from 'zod';
import type { Services } from '../services';

export function registrationApp(services: Services) {
  return createApp({
    // What the original kept with menu.session.set/get: typed, and validated when loaded.
    state: z.object({ name: z.string().optional(), email: z.string().optional() }),
    start: 'start',
    navigation: false,
    screens: ({ chooser, input, info }) => ({
      start: chooser({
        title: 'Welcome to Jamii Sacco',
        items: [
          { label: 'Register', next: 'registration' },
          { label: 'My details', next: 'details' },
        ],
      }),
      registration: input({
        text: 'Enter your name',
        validate: z.string().regex(/[a-zA-Z]+/, 'Your name must have letters.'),
        targets: ['email'],
        next: (name, ctx) => {
          ctx.state.name = name;
          return ctx.go('email');
        },
      }),
      email: input({
        text: 'Enter your email',
        validate: z.string().regex(/\w+@\w+\.\w+/, 'That is not an email address.'),
        targets: ['registered'],
        next: async (email, ctx) => {
          const name = ctx.state.name ?? '';
          ctx.state.email = email;
          await services.register(ctx.msisdn, { name, email });
          return ctx.go('registered');
        },
      }),
      registered: info({
        text: (ctx) => `Thank you, ${ctx.state.name}. We will write to ${ctx.state.email}.`,
      }),
      details: info({
        text: async (ctx) => {
          const person = await services.registration(ctx.msisdn);
          if (person === undefined) return 'You are not registered yet.';
          return `Name: ${person.name}\nEmail: ${person.email}`;
        },
      }),
    }),
  });
}
