import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PortInUseError } from './PortInUseError';
import { startSandbox } from './startSandbox';

describe('startSandbox', () => {
  let taken: Server | undefined;

  afterEach(async () => {
    await new Promise<void>((resolve) => (taken ? taken.close(() => resolve()) : resolve()));
    taken = undefined;
  });

  /** Listens on a free loopback port and answers it, so the sandbox finds it taken. */
  async function takePort(): Promise<number> {
    const server = createServer();
    taken = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    return address.port;
  }

  it('rejects with PortInUseError naming the port, with EADDRINUSE as its cause', async () => {
    const port = await takePort();
    const error = await startSandbox({ port, quiet: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortInUseError);
    expect(error).toMatchObject({
      name: 'PortInUseError',
      code: 'EADDRINUSE',
      port,
      host: '127.0.0.1',
    });
    expect((error as Error).message).toBe(
      `Port ${port} is already in use. Start the sandbox on another port with the port option (0 picks a free one), or stop what listens there.`,
    );
    expect((error as Error).cause).toMatchObject({ code: 'EADDRINUSE' });
  });

  it('logs each aborted session with its sentence through the log option', async () => {
    const lines: string[] = [];
    const sandbox = await startSandbox({ port: 0, log: (line) => lines.push(line) });
    try {
      // The demo app is pointed at a port where nothing listens: the dial aborts.
      const closed = await takePort();
      await new Promise<void>((resolve) => taken?.close(() => resolve()));
      taken = undefined;
      const url = `http://127.0.0.1:${closed}/ussd`;
      const post = (method: string, path: string, body: unknown) =>
        fetch(`${sandbox.url}${path}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await post('PATCH', '/sandbox/apps/demo-app', { url })).status).toBe(200);
      const dial = await post('POST', '/sandbox/sessions', {
        msisdn: '08031234567',
        dial: '*384*1#',
      });
      const { sessionId } = (await dial.json()) as { sessionId: string };
      expect(lines).toEqual([
        `[sandbox] session ${sessionId} of app demo-app aborted (InternalError): Could not reach the app at ${url}/ussdSessionEvent/new: connection refused. Is it running? (app demo-app, change its URL with PATCH /sandbox/apps/demo-app {"url": ...})`,
      ]);
    } finally {
      await sandbox.close();
    }
  });
});
