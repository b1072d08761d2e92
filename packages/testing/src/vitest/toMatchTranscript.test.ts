import { readFile } from 'node:fs/promises';
import { createApp } from '@ussdkit/router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHarness } from '../createHarness';
import './index';
import { transcriptText } from './transcriptText';

const PIN = '4821';
const app = createApp({
  state: z.object({}),
  start: 'menu',
  screens: ({ chooser, input, info }) => ({
    menu: chooser({ title: 'Bank', items: [{ label: 'Balance', next: 'pin' }] }),
    pin: input({ text: 'Your PIN?', secret: true, next: 'balance' }),
    balance: info({ text: 'Balance: NGN 5000. Ref R-17' }),
  }),
});

async function balance() {
  const session = await createHarness(app).dial('*384*1#');
  await session.pick('Balance');
  await session.type(PIN);
  return session;
}

describe('toMatchTranscript', () => {
  // __transcripts__/balance.txt is committed: this test fails when the flow's screens change.
  it('matches the golden file beside the test, where the PIN is masked', async () => {
    await expect(await balance()).toMatchTranscript('balance');
    const golden = await readFile(new URL('__transcripts__/balance.txt', import.meta.url), 'utf8');
    expect(golden).toBe(
      [
        '# ussdkit transcript: > sent by the phone, < shown on it',
        '> dial *384*1#',
        '< Bank',
        '< 1. Balance',
        '> 1 (Balance)',
        '< Your PIN?',
        '> ••••',
        '< Balance: NGN 5000. Ref R-17',
        '(gateway: close End)',
        '',
      ].join('\n'),
    );
    expect(golden).not.toContain(PIN);
  });

  it('normalizes lines before comparing them', async () => {
    const text = transcriptText(await balance(), {
      normalize: (line) => line.replace(/Ref \S+/, 'Ref …'),
    });
    expect(text).toContain('< Balance: NGN 5000. Ref …\n');
  });

  it('says what it checks when given something else, and refuses bad names and .not', async () => {
    await expect(expect({}).toMatchTranscript('x')).rejects.toThrow(
      /checks a harness session: pass what createHarness\(app\)\.dial\(…\) resolved to/,
    );
    const session = await balance();
    await expect(expect(session).toMatchTranscript('../escape')).rejects.toThrow(
      /a transcript name is a file name/,
    );
    await expect(expect(session).not.toMatchTranscript('balance')).rejects.toThrow(
      /cannot be negated/,
    );
  });
});
