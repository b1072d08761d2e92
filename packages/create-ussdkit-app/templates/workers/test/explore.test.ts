// The flow explorer walks every branch of the app (each menu item, amounts at and around the
// schema's bounds, the back and home keys) and finds nothing that throws, overflows a screen,
// passes the deadline or traps the customer (docs/explore.md of ussdkit).
import { explore } from '@ussdkit/testing';
import { expect, it } from 'vitest';
import { createUssdApp } from '../src/app.js';

it('has no fault the explorer can find, and shows every screen', async () => {
  const authToken = 'test-token';
  const { problems, coverage } = await explore(createUssdApp({ authToken }), {
    harness: { authToken },
  });
  expect(problems).toEqual([]);
  expect(coverage.unreached).toEqual([]);
  expect(coverage.truncated).toBe(false);
});
