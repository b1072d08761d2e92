/**
 * The servers of the race (`versusIncumbent.ts`), run as a child process: one contender each in
 * the full bench, every contender in one process in quick mode (argv[2], kinds joined by `,`);
 * prints `{ports}`, one a kind:
 *
 * - `umb`: ussd-menu-builder mounted in Express as its README mounts it: one shared menu,
 *   `express.urlencoded()` for Africa's Talking's form bodies, `menu.run(args)` then
 *   `res.send(result)`, its sessions in a Map (as our memory store);
 * - `umb-hubtel`: the same in its Hubtel mode (`provider: 'hubtel'`, `express.json()`, `res.json`);
 * - `<gateway>-express`, `<gateway>-hono`: the same flow through a text gateway of ours
 *   (`raceGateways.ts`) on Express 5 and on Hono (@hono/node-server);
 * - `bare-express`: Express answering the native protocol with the flow's own answers, canned
 *   (taken from the app once at start), as an Express app is usually written (`express.json()`,
 *   `res.json`): the most any router could reach on Express with the protocol's four requests a
 *   session;
 * - `bare-hono`: the same on Hono (`c.req.json()`, `c.json`);
 * - `floor-hono`, `floor-hono-at`: Hono on @hono/node-server doing the least a handler can: the
 *   body read from the Node request (as `@ussdkit/hono` reads it, no web stream), the answer
 *   canned; on the native protocol and on Africa's Talking's: the floor of a Hono server;
 * - `bare-node`, `bare-node-at`: node:http alone (`createServer`, the body read and parsed, the
 *   answer canned) on the native protocol and on Africa's Talking's: what a server on Node costs
 *   with no framework and no router, the ceiling of every server here (@hono/node-server and
 *   Express both run on node:http);
 * - `express`, `hono`: the native protocol through `@ussdkit/express` and `@ussdkit/hono`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { ussdRouter } from '@ussdkit/express';
import { ussdHono } from '@ussdkit/hono';
import express from 'express';
import { Hono } from 'hono';
import type UssdMenu from 'ussd-menu-builder';
import { umbFlow, ussdkitFlow } from './flows';
import { walkDispatch } from './phone';
import { raceGateways } from './raceGateways';

type UssdGatewayArgs = UssdMenu.UssdGatewayArgs;

/** A server once listening: what `close` and `address` need. */
interface Listening {
  address: Server['address'];
  close(done: () => void): unknown;
}

/** The flow's answers to new, continue "1" and continue "500", from the app itself. */
async function cannedAnswers() {
  const answers: unknown[] = [];
  const app = ussdkitFlow();
  const record = {
    dispatch: async (event: Parameters<typeof app.dispatch>[0]) => {
      const result = await app.dispatch(event);
      if (result.status === 200) answers.push(result.command);
      return result;
    },
  };
  await walkDispatch(record, 'canned', ['1', '500'], () => {});
  const [menu, amount, thanks] = answers;
  return { menu, amount, thanks };
}

function onExpress(web: express.Express): Promise<Listening> {
  return new Promise((resolve) => {
    const server = web.listen(0, '127.0.0.1', () => resolve(server));
  });
}

function onHono(web: Hono): Promise<Listening> {
  return new Promise((resolve) => {
    const server = serve({ fetch: web.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(server),
    );
  });
}

/** The body of a Node request, read whole as text. */
function bodyOf(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

/** The flow's three screens on Africa's Talking, as ussd-menu-builder and our door write them. */
const atScreens: Readonly<Record<string, string>> = {
  '': 'CON Welcome to Airtime Shop\n1. Buy airtime\n2. Help',
  '1': 'CON Enter amount (NGN)',
  '1*500': 'END You will receive 500 NGN of airtime.',
};
const atScreen = (form: string) =>
  atScreens[new URLSearchParams(form).get('text') ?? ''] ?? 'END Unknown';

/** The native protocol's canned answers as JSON text, and the one a request gets. */
async function nativeReplies() {
  const canned = await cannedAnswers();
  const menu = JSON.stringify(canned.menu);
  const amount = JSON.stringify(canned.amount);
  const thanks = JSON.stringify(canned.thanks);
  return (path: string, body: string): string | undefined => {
    if (path.endsWith('/new')) return menu;
    if (!path.endsWith('/continue')) return undefined;
    const read = JSON.parse(body) as { result?: { value?: string } };
    return read.result?.value === '1' ? amount : thanks;
  };
}

/** node:http alone: the body read whole, then `reply(path, body)` written with its length. */
function onNode(
  reply: (path: string, body: string) => { type?: string; body?: string },
): Promise<Listening> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void bodyOf(req).then((body) => {
      const answer = reply(req.url ?? '/', body);
      if (answer.body === undefined) res.writeHead(204).end();
      else
        res
          .writeHead(200, [
            'content-type',
            answer.type ?? 'text/plain',
            'content-length',
            String(Buffer.byteLength(answer.body)),
          ])
          .end(answer.body);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/** Starts the server of one kind. */
async function start(kind: string): Promise<Listening> {
  const gateway = raceGateways.find((g) => kind.startsWith(`${g.name}-`));
  if (kind === 'bare-node') {
    const reply = await nativeReplies();
    return onNode((path, body) => {
      const text = reply(path, body);
      return text === undefined ? {} : { type: 'application/json', body: text };
    });
  } else if (kind === 'bare-node-at') {
    return onNode((_path, body) => ({ body: atScreen(body) }));
  } else if (kind === 'floor-hono' || kind === 'floor-hono-at') {
    const reply = kind === 'floor-hono' ? await nativeReplies() : undefined;
    const web = new Hono<{ Bindings: { incoming: IncomingMessage } }>();
    web.post('/ussd/*', async (c) => {
      const body = await bodyOf(c.env.incoming);
      if (reply === undefined) return c.text(atScreen(body));
      const text = reply(c.req.path, body);
      return text === undefined
        ? c.body(null, 204)
        : c.body(text, 200, { 'content-type': 'application/json' });
    });
    return onHono(web as unknown as Hono);
  } else if (kind === 'umb') {
    const web = express();
    const menu = umbFlow();
    web.use(express.urlencoded());
    web.post('/ussd', async (req, res) => {
      // The README's handler: the form's fields as Africa's Talking sends them.
      const { phoneNumber, sessionId, serviceCode, text } = req.body as UssdGatewayArgs;
      res.send(await menu.run({ phoneNumber, sessionId, serviceCode, text }));
    });
    return onExpress(web);
  } else if (kind === 'umb-hubtel') {
    const web = express();
    const menu = umbFlow('hubtel');
    web.use(express.json());
    web.post('/ussd', async (req, res) => {
      // Hubtel's JSON as it comes (its typings declare run() for Africa's Talking's fields only).
      res.json(await menu.run(req.body as UssdGatewayArgs));
    });
    return onExpress(web);
  } else if (kind === 'bare-express') {
    const canned = await cannedAnswers();
    const web = express();
    web.use(express.json());
    web.post('/ussd/ussdSessionEvent/:event', (req, res) => {
      const { event } = req.params;
      const body = req.body as { result?: { value?: string } };
      if (event === 'new') res.json(canned.menu);
      else if (event === 'continue')
        res.json(body.result?.value === '1' ? canned.amount : canned.thanks);
      else res.status(204).end();
    });
    return onExpress(web);
  } else if (kind === 'bare-hono') {
    const canned = await cannedAnswers();
    const web = new Hono();
    web.post('/ussd/ussdSessionEvent/:event', async (c) => {
      const event = c.req.param('event');
      const body = (await c.req.json()) as { result?: { value?: string } };
      if (event === 'new') return c.json(canned.menu);
      if (event === 'continue')
        return c.json(body.result?.value === '1' ? canned.amount : canned.thanks);
      return c.body(null, 204);
    });
    return onHono(web);
  } else if (kind === 'express') {
    const web = express();
    web.use('/ussd', ussdRouter(ussdkitFlow()));
    return onExpress(web);
  } else if (kind === 'hono') {
    const web = new Hono();
    web.route('/ussd', ussdHono(ussdkitFlow()));
    return onHono(web);
  } else if (gateway !== undefined && kind === `${gateway.name}-express`) {
    const web = express();
    web.post(gateway.path, await gateway.express(ussdkitFlow()));
    return onExpress(web);
  } else if (gateway !== undefined && kind === `${gateway.name}-hono`) {
    const handler = await gateway.web(ussdkitFlow());
    const web = new Hono();
    // As `ussdHono` does: the env holds the Node request on @hono/node-server.
    web.post(gateway.path, (c) => handler(c.req.raw, c.env));
    return onHono(web);
  }
  throw new Error(`unknown server kind ${kind}`);
}

const servers = await Promise.all(String(process.argv[2]).split(',').map(start));
const ports = servers.map((server) => (server.address() as AddressInfo).port);
process.stdout.write(`${JSON.stringify({ ports })}\n`);
process.on('SIGTERM', () => {
  let open = servers.length;
  for (const server of servers) server.close(() => --open === 0 && process.exit(0));
});
