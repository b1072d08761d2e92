import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gateway } from '../../../test/gateway';
import { createApp } from '../../createApp';
import type { RouterLogger } from '../../ErrorInfo';

const PIN = '4321';

const app = (logger: RouterLogger) =>
  createApp({
    logger,
    state: z.object({}),
    start: 'menu',
    screens: ({ chooser, input, info }) => ({
      menu: chooser({
        title: 'Welcome',
        items: [
          { label: 'Pay', next: 'pin' },
          { label: 'Broken', next: 'broken' },
        ],
      }),
      pin: input({ text: 'PIN?', secret: true, next: 'done' }),
      done: info({ text: 'Paid' }),
      broken: info({
        text: () => {
          throw new Error('backend down');
        },
      }),
    }),
  });

/** A real pino writing JSON lines to memory, without time, pid or hostname. */
function memoryPino(level: 'debug' | 'info') {
  const lines: Record<string, unknown>[] = [];
  const text: string[] = [];
  const stream = {
    write: (line: string) => {
      text.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  };
  return { logger: pino({ level, base: null, timestamp: false }, stream), lines, text };
}

describe('logger: structured logs', () => {
  it('writes one info line per event and each router event at debug, secrets redacted, never the msisdn', async () => {
    const { logger, lines, text } = memoryPino('debug');
    const phone = gateway(app(logger), 'session-7');
    await phone.dial();
    await phone.send('1');
    await phone.send(PIN);
    await phone.close('End');
    const info = lines.filter((line) => line.level === 30);
    expect(info.map((line) => [line.event, line.outcome, line.screen])).toEqual([
      ['new', 'answered', 'menu'],
      ['continue', 'answered', 'pin'],
      ['continue', 'answered', 'done'],
      ['close', 'ended', 'done'],
    ]);
    expect(info[0]).toMatchObject({ sessionId: 'session-7', ms: expect.any(Number) });
    expect(info[0]?.msg).toMatch(/^ussd new answered in [\d.]+ ms$/);
    const debug = lines.filter((line) => line.level === 20);
    expect(debug.map((line) => line.type)).toContain('screen.shown');
    const inputs = debug.filter((line) => line.type === 'input');
    expect(inputs.map((line) => [line.screen, line.value])).toEqual([
      ['menu', '1'],
      ['pin', '[redacted]'],
    ]);
    const all = text.join('');
    expect(all).not.toContain(PIN);
    expect(all).not.toContain('8030000000');
  });

  it('writes errors once at error, and nothing below the logger level', async () => {
    const { logger, lines } = memoryPino('info');
    const phone = gateway(app(logger));
    await phone.dial();
    await phone.send('2');
    expect(lines.filter((line) => line.level === 20)).toEqual([]);
    const errors = lines.filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ event: 'continue', err: { message: 'backend down' } });
    expect(lines.filter((line) => line.level === 30).map((line) => line.outcome)).toEqual([
      'answered',
      'error',
    ]);
  });

  it('writes no event lines to a logger that has only `error`', async () => {
    const calls: string[] = [];
    const phone = gateway(app({ error: (_details, message) => calls.push(message) }));
    await phone.dial();
    await phone.send('2');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain('backend down');
  });
});
