import { type RunningSandbox, startSandbox } from '@ussdkit/reference-server';
import { payOnSandboxPhone } from './ContractTarget';
import { contractSuite } from './contractSuite';

let sandbox: RunningSandbox | undefined;

contractSuite({
  name: 'the reference server (sandbox over HTTP)',
  async start() {
    sandbox = await startSandbox({ port: 0, quiet: true });
    return sandbox.url;
  },
  async stop() {
    await sandbox?.close();
  },
  payAsCustomer: payOnSandboxPhone,
});
