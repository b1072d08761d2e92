// Errors are never silent: without onError the router reports each error once, naming the
// session, the event and the screen, and never what the customer typed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { gateway, screenOf } from '../test/gateway';
import { createApp } from './createApp';
import type { ErrorInfo } from './ErrorInfo';

const PIN = '4821';

const app = (options: { onError?: (error: unknown, info: ErrorInfo) => void; logger?: never }) =>
  createApp({
    ...options,
    state: z.object({ pin: z.string().optional() }),
    start: 'pin',
    screens: ({ input, info }) => ({
      pin: input({
        text: 'PIN?',
        secret: true,
        targets: ['boom', 'nowhere'],
        next: (pin, ctx) => {
          ctx.state.pin = pin;
          if (pin === '0000') return ctx.go('nowhere' as 'boom');
          throw new Error('the bank is down');
        },
      }),
      boom: info({ text: 'never' }),
      nowhere: info({
        text: () => {
          throw new Error('a text function failed');
        },
      }),
    }),
  });

describe('errors are never silent', () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs a failing handler once to the console, with session, event and screen, not the PIN', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const phone = gateway(app({}));
    await phone.dial();
    expect(screenOf(await phone.send(PIN))).toBe('Service unavailable, please try again');
    expect(log).toHaveBeenCalledTimes(1);
    const [message, error] = log.mock.calls[0] ?? [];
    expect(message).toMatch(
      /^ussdkit: the continue event of session \S+ failed on screen "pin" .*Error: the bank is down$/,
    );
    expect(error).toBeInstanceOf(Error);
    expect(JSON.stringify(log.mock.calls)).not.toContain(PIN);
  });

  it('names the screen a failing text function belongs to', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const phone = gateway(app({}));
    await phone.dial();
    await phone.send('0000');
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toMatch(/failed on screen "nowhere".*a text function failed/);
  });

  it('writes to a pino-compatible logger instead, as error(details, message)', async () => {
    const console_ = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls: [Record<string, unknown>, string][] = [];
    const logger = {
      error: (details: Record<string, unknown>, message: string) => calls.push([details, message]),
    };
    const phone = gateway(app({ logger: logger as never }));
    await phone.dial();
    await phone.send(PIN);
    expect(console_).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[0]).toMatchObject({
      event: 'continue',
      screen: 'pin',
      err: expect.any(Error),
    });
    expect(calls[0]?.[1]).toMatch(/failed on screen "pin"/);
    expect(JSON.stringify(calls)).not.toContain(PIN);
  });

  it('hands the error to onError instead, with the screen, and logs nothing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: ErrorInfo[] = [];
    const phone = gateway(app({ onError: (_error, info) => seen.push(info) }));
    await phone.dial();
    await phone.send(PIN);
    expect(log).not.toHaveBeenCalled();
    expect(seen).toEqual([{ sessionId: expect.any(String), event: 'continue', screen: 'pin' }]);
  });
});
