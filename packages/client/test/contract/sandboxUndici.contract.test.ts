import { type RunningSandbox, startSandbox } from '@ussdkit/reference-server';
import { payOnSandboxPhone } from './ContractTarget';
import { contractSuite } from './contractSuite';

let sandbox: RunningSandbox | undefined;

// The same suite with undici's request() as the transport (msw cannot see it: sandbox only).
contractSuite({
  name: "the reference server (sandbox over HTTP) with transport: 'undici'",
  clientOptions: { transport: 'undici' },
  async start() {
    sandbox = await startSandbox({ port: 0, quiet: true });
    return sandbox.url;
  },
  async stop() {
    await sandbox?.close();
  },
  payAsCustomer: payOnSandboxPhone,
});
