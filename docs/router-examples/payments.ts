// Embedded processes and merchant payments: every outcome has a route.
import { createApp } from '@ussdkit/router';
import { z } from 'zod';

export const app = createApp({
  state: z.object({ amount: z.number().default(0), failure: z.string().optional() }),
  start: 'amount',
  screens: ({ input, merchantPayment, embeddedProcess, info }) => ({
    amount: input({
      text: 'Amount to pay?',
      validate: z.coerce.number().positive('Enter an amount'),
      targets: ['verify'],
      next: (amount, ctx) => {
        ctx.state.amount = amount;
        return ctx.go('verify');
      },
    }),
    verify: embeddedProcess({
      // Asks the customer's date of birth and compares it with params.dateOfBirth.
      processId: 'confirm-identity',
      params: () => ({ dateOfBirth: '15061990' }), // the one on file (DDMMYYYY)
      targets: ['pay', 'failed'],
      next: (resultParams, ctx) => {
        if (resultParams.verified === 'true') return ctx.go('pay');
        ctx.state.failure = 'identity not confirmed';
        return ctx.go('failed');
      },
    }),
    pay: merchantPayment({
      sessionTag: 'checkout',
      // operationId is generated (crypto.randomUUID) unless you give one.
      payment: (ctx) => ({ merchantCode: 'SHOP-01', amount: ctx.state.amount }),
      onSuccess: 'paid',
      targets: ['failed'],
      onFailure: ({ cause }, ctx) => {
        ctx.state.failure = cause; // 'InsufficientBalance' | 'AuthenticationFailed' | …
        return ctx.go('failed');
      },
      onUnknown: 'pending', // the final result comes in the merchant payment callback
    }),
    paid: info({ text: 'Payment received. Thank you!' }),
    failed: info({ text: (ctx) => `Not paid: ${ctx.state.failure}.` }),
    pending: info({ text: 'We are confirming your payment and will send an SMS.' }),
  }),
});
