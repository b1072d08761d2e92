// A golden transcript: the whole conversation, screen by screen, in
// test/__transcripts__/buy-airtime.txt for a reviewer to read. A change to a text fails here
// until `npx vitest run -u` rewrites the file (docs/explore.md of ussdkit).
import { createHarness } from '@ussdkit/testing';
import '@ussdkit/testing/vitest';
import { expect, it } from 'vitest';
import { createUssdApp } from '../src/app.js';

it('buys airtime, as the customer reads it', async () => {
  const authToken = 'test-token';
  const session = await createHarness(createUssdApp({ authToken }), { authToken }).dial('*384*1#');
  await session.pick('Buy airtime');
  await session.type('20');
  await session.type('500');
  await expect(session).toMatchTranscript('buy-airtime');
});
