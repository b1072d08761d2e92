import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { devCommand } from '../../src/dev/devCommand';

const fixture = fileURLToPath(new URL('./devFixture.ts', import.meta.url));

it('dev on a port already in use: exit code 1 and one sentence naming --port, no stack trace', async () => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const address = taken.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const out: string[] = [];
  const err: string[] = [];
  try {
    const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };
    expect(await devCommand([fixture, '--port', String(port)], io)).toBe(1);
    expect(err).toEqual([
      `Port ${port} is already in use. Start dev on another port with --port <n> (--port 0 picks a free one).`,
    ]);
    expect(out).toEqual([]);
  } finally {
    await new Promise<void>((resolve) => taken.close(() => resolve()));
  }
});
