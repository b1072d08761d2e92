// The Quick Example on Hubtel: the original with ussd-menu-builder's `provider: 'hubtel'` (and the
// session config it requires), and the port through @ussdkit/gateways, each on a real Express
// server, sent the same Hubtel requests.
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubtelServer } from '../src/quick-example/hubtelServer';
import { quickExampleMenu } from '../src/quick-example/original';
import { fakeServices } from '../src/services';

/** The original as ussd-menu-builder's README mounts it for Hubtel. */
function originalServer(services = fakeServices()): express.Express {
  const menu = quickExampleMenu(services, { provider: 'hubtel' });
  const sessions = new Map<string, Map<string, unknown>>();
  menu.sessionConfig({
    start: (sessionId: string) => {
      if (!sessions.has(sessionId)) sessions.set(sessionId, new Map());
      return Promise.resolve();
    },
    end: (sessionId: string) => {
      sessions.delete(sessionId);
      return Promise.resolve();
    },
    set: (sessionId: string, key: string, value: unknown) => {
      sessions.get(sessionId)?.set(key, value);
      return Promise.resolve();
    },
    get: (sessionId: string, key: string) => Promise.resolve(sessions.get(sessionId)?.get(key)),
  });
  const server = express();
  server.post('/ussd/hubtel', express.json(), (req, res) => {
    menu.run(req.body, (resMsg: unknown) => {
      res.json(resMsg);
    });
  });
  return server;
}

const servers: Server[] = [];
async function listen(app: express.Express): Promise<string> {
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/ussd/hubtel`;
}

const originalServices = fakeServices();
const portServices = fakeServices();
let original: string;
let port: string;
beforeAll(async () => {
  original = await listen(originalServer(originalServices));
  port = await listen(hubtelServer(portServices, 'hubtel-secret'));
  port += '?secret=hubtel-secret';
});
afterAll(() => {
  for (const server of servers) server.close();
});

let sessions = 0;
/** One Hubtel session sent to `url`: Initiation, then a Response per input; every answer. */
async function walk(url: string, id: string, inputs: readonly string[], last?: 'Timeout') {
  const steps = [
    ['Initiation', '*713*4#'],
    ...inputs.map((input) => ['Response', input]),
    ...(last === undefined ? [] : [[last, '']]),
  ];
  const answers: unknown[] = [];
  for (const [index, [Type, Message]] of steps.entries()) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        Mobile: '233244567890',
        SessionId: id,
        ServiceCode: '713*4',
        Type,
        Message,
        Operator: 'mtn',
        Sequence: index + 1,
      }),
    });
    answers.push(await response.json());
  }
  return answers;
}

/** The same path on both: what each answered. */
async function both(inputs: readonly string[], last?: 'Timeout') {
  const id = `hubtel-${++sessions}`;
  return {
    original: await walk(original, id, inputs, last),
    port: await walk(port, id, inputs, last),
  };
}

const welcome = 'Welcome. Choose option:\n1. Show Balance\n2. Buy Airtime';

describe("the Quick Example on Hubtel: ussd-menu-builder's provider 'hubtel' and the port", () => {
  it('answer the same Hubtel JSON along a whole purchase', async () => {
    const { original: before, port: after } = await both(['2', '50']);
    expect(after).toEqual(before);
    expect(after).toEqual([
      { Type: 'Response', Message: welcome },
      { Type: 'Response', Message: 'Enter amount:' },
      { Type: 'Release', Message: 'Airtime bought successfully.' },
    ]);
    // Both see the number as ussd-menu-builder maps it: Hubtel's Mobile with a `+`.
    expect(portServices.airtime).toEqual(originalServices.airtime);
    expect(portServices.airtime.at(-1)).toEqual({ phoneNumber: '+233244567890', amount: 50 });
  });

  it('answer the same to the balance', async () => {
    const { original: before, port: after } = await both(['1']);
    expect(after).toEqual(before);
    expect(after.at(-1)).toEqual({ Type: 'Release', Message: 'Your balance is KES 500' });
  });

  it('ask again for a key off the menu, the port with a reason', async () => {
    const { original: before, port: after } = await both(['7', '1']);
    expect(before[1]).toEqual({ Type: 'Response', Message: welcome });
    expect(after[1]).toEqual({
      Type: 'Response',
      Message: `Invalid choice. Try again.\n${welcome}`,
    });
    expect(after[2]).toEqual(before[2]);
  });

  it("differ on Hubtel's Timeout: the original runs the state again, the port ends the session", async () => {
    const { original: before, port: after } = await both(['2'], 'Timeout');
    // ussd-menu-builder 1.2.0 reads a Timeout as an empty input and answers the screen again.
    expect(before.at(-1)).toEqual({ Type: 'Response', Message: 'Enter amount:' });
    expect(after.at(-1)).toEqual({ Type: 'Release', Message: '' });
  });
});
