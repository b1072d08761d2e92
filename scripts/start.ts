/**
 * `pnpm start`: the sandbox on :4000 (`SANDBOX_PORT`) with its demo configuration, and the
 * airtime shop example on :3000 (`APP_PORT`) as the demo app dialled with `*384*1#`. Runs the
 * sources with tsx (`--conditions=@ussdkit/source`), so nothing needs building first.
 * Ctrl-C (SIGINT) or SIGTERM stops both.
 * @module
 */
import { PortInUseError, portInUseMessage } from '@ussdkit/reference-server';
import { startDemo } from '../examples/airtime-shop/src/demo';

function port(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    console.error(`${name} must be a port number (0 to 65535), got "${text}"`);
    process.exit(2);
  }
  return value;
}

const sandboxPort = port('SANDBOX_PORT', 4000);
const appPort = port('APP_PORT', 3000);

/** Why the demo could not start, as one sentence; a taken port names the variable to set. */
function startFailure(error: unknown): string {
  // The sandbox starts first and says which port it wanted; the shop's own listen error names it.
  if (error instanceof PortInUseError) {
    return portInUseMessage(
      error,
      'Start the sandbox on another port with SANDBOX_PORT=<n> pnpm start.',
    );
  }
  const failure = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    port?: unknown;
  };
  if (failure.code === 'EADDRINUSE') {
    const port = typeof failure.port === 'number' ? failure.port : appPort;
    return portInUseMessage(
      { port },
      'Start the demo app on another port with APP_PORT=<n> pnpm start.',
    );
  }
  return `Could not start the demo: ${error instanceof Error ? error.message : String(error)}`;
}

let demo: Awaited<ReturnType<typeof startDemo>>;
try {
  demo = await startDemo({ sandboxPort, appPort });
} catch (error) {
  console.error(startFailure(error));
  process.exit(1);
}

const dialUrl = demo.sandbox.port === 4000 ? '' : ` --url ${demo.sandbox.url}`;
console.log(`
ussdkit demo: the sandbox and the Airtime Shop app

  Web phone        ${demo.webPhoneUrl}   (dial *384*1#)
  Terminal phone   pnpm dial '*384*1#'${dialUrl}
  Sandbox API      ${demo.sandbox.url}/sandbox/...  (docs/reference-server.md)
  Demo app         demo-app at ${demo.appUrl}, token demo-token
  Callbacks        ${demo.callbackUrl}
  Credentials      X-Client-Id demo-client, X-Client-Secret demo-secret
  Test inputs      bank PIN 1234 pays; 5555 fails; 7777 settles later (advance the clock 30 s)

Press Ctrl-C to stop.
ussdkit demo ready: ${demo.webPhoneUrl}`);

let stopping = false;
function stop(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the app and the sandbox...`);
  demo.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('Could not stop cleanly:', error);
      process.exit(1);
    },
  );
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
