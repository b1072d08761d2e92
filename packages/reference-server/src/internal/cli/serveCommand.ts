import { parseArgs } from 'node:util';
import { loadConfigFile } from '../../config/loadConfigFile';
import type { SandboxConfig } from '../../config/SandboxConfig';
import { DEMO, demoConfig } from '../../demoConfig';
import { shownUrl } from '../../gateway/apps/shownUrl';
import { providerProtocols } from '../../gateway/providers/providerProtocols';
import { LOOPBACK_HOSTS } from '../../http/hostAllowList';
import { startSandbox } from '../../startSandbox';
import type { CliIo } from './CliIo';
import { listenOrExplain } from './listenOrExplain';

export const serveUsage = `Usage: ussdkit-sandbox [--port 4000] [--host 127.0.0.1] [--config file.json] [--main-code 384] [--allowed-hosts names]

Starts the sandbox: the service endpoints, the sandbox API and the USSD gateway.
With no --config it loads the demo configuration and prints its credentials.

Options:
  --port <n>         TCP port (default 4000; 0 picks a free one)
  --host <address>   interface to listen on (default 127.0.0.1)
  --config <file>    JSON configuration: developers, apps, catalogue
  --main-code <n>    the service's main code (default 384)
  --allowed-hosts <names>
                     host names the sandbox answers besides localhost, 127.0.0.1, [::1]
                     and --host, comma-separated (sandbox,.example.com); other Host
                     headers get 403 (docs/security.md)
  -h, --help         show this help

Commands:
  dial <short code>  the terminal phone, against a running sandbox (dial --help)
  dev <module>       an app module against the sandbox, with live reload (dev --help)`;

/**
 * Parses the serve options, starts the sandbox, prints where it is; stops on a signal. A taken
 * port is exit code 1 with a sentence naming `--port`; the sandbox's log (aborted sessions) goes
 * to stderr.
 */
export async function serveCommand(
  argv: readonly string[],
  io: CliIo,
): Promise<number | undefined> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string', default: '4000' },
      host: { type: 'string', default: '127.0.0.1' },
      config: { type: 'string' },
      'main-code': { type: 'string', default: '384' },
      'allowed-hosts': { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    io.out(serveUsage);
    return 0;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`--port must be an integer from 0 to 65535, got "${values.port}"`);
  }
  const mainCode = values['main-code'];
  if (!/^[0-9]+$/.test(mainCode)) throw new Error(`--main-code must be digits, got "${mainCode}"`);
  const config: SandboxConfig = values.config ? await loadConfigFile(values.config) : demoConfig();
  const allowedHosts = (values['allowed-hosts'] ?? [])
    .flatMap((list) => list.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const sandbox = await listenOrExplain(
    () =>
      startSandbox({
        port,
        host: values.host,
        mainCode,
        config,
        allowedHosts,
        log: (line) => io.err(line),
      }),
    'the sandbox',
    (line) => io.err(line),
  );
  if (sandbox === undefined) return 1;
  io.out(`ussdkit sandbox listening on ${sandbox.url}`);
  io.out(`  health: ${sandbox.url}/health   main code: ${mainCode}`);
  // Which Host names it answers, so a 403 HOST_NOT_ALLOWED is no surprise (docs/security.md).
  const names = [...LOOPBACK_HOSTS, values.host, ...config.allowedHosts, ...allowedHosts];
  io.out(`  answers Host: ${[...new Set(names)].join(', ')} (add names with --allowed-hosts)`);
  if (!values.config) {
    io.out('Demo credentials (X-Client-Id / X-Client-Secret):');
    io.out(`  ${DEMO.clientId} / ${DEMO.clientSecret}`);
  } else {
    io.out(`Configuration: ${values.config}`);
    for (const developer of config.developers) io.out(`  developer ${developer.clientId}`);
  }
  for (const app of config.apps) {
    if (app.protocol !== 'native') {
      // A provider sends no token; the URL's query may hold the adapter's secret.
      const { title } = providerProtocols[app.protocol];
      const url = shownUrl(app.url);
      io.out(`  app ${app.appId}: dial *${mainCode}*${app.appCode}# -> ${url} (${title})`);
      continue;
    }
    const token = app.authToken ? ` (Authorization: ${app.authToken})` : '';
    io.out(`  app ${app.appId}: dial *${mainCode}*${app.appCode}# -> ${app.url}${token}`);
  }
  io.out('Press Ctrl-C to stop.');
  io.onStop(async () => {
    io.out('stopping sandbox...');
    await sandbox.close();
  });
  return undefined;
}
