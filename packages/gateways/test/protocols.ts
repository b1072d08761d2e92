import { africasTalking } from '@ussdkit/africastalking';
import type { Door } from '@ussdkit/router';
import { arkesel, beem, hubtel, infobip, nalo } from '../src/index';
import { atPhone } from './phones/atPhone';
import { nativePhone } from './phones/nativePhone';
import { BASE, type Caller, type Phone, type Post } from './phones/Phone';
import {
  arkeselPhone,
  beemPhone,
  hubtelPhone,
  infobipPhone,
  naloPhone,
} from './phones/providerPhones';
import type { walkApp } from './walkApp';

/** An app served on one protocol: a web handler and the door the Node bridge serves. */
export interface Served {
  readonly fetch: (request: Request) => Promise<Response>;
  readonly door: Door;
}

/** One of the seven protocols the walk runs on. */
export interface ProtocolUnderTest {
  /** Its path under `/ussd/` on the test servers. */
  readonly name: string;
  serve(app: ReturnType<typeof walkApp>): Served;
  phone(post: Post, caller: Caller): Phone;
  /** Whether the first request carries the dialled string (and so a deep link). */
  readonly deepLinks: boolean;
  /** The reason the app's `onClose` gets on the provider's timeout; none: it sends none. */
  readonly timeoutReason?: 'Timeout' | 'Abandon';
  /** A request the provider could send that the adapter cannot read (a body that is not JSON, a form without its session). */
  malformed(): Request;
}

/** A JSON POST whose body is cut short. */
const brokenJson = (path: string) => () =>
  new Request(`${BASE}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"SessionId": "x", ',
  });

const gateway = (handler: ((request: Request) => Promise<Response>) & { door: Door }) => ({
  fetch: (request: Request) => handler(request),
  door: handler.door,
});

/** Native, Africa's Talking, Hubtel, Arkesel, Nalo, Beem and Infobip. */
export const protocols: readonly ProtocolUnderTest[] = [
  {
    name: 'native',
    serve: (app) => ({ fetch: (request) => app.fetch(request), door: app.door }),
    phone: nativePhone,
    deepLinks: true,
    timeoutReason: 'Timeout',
    malformed: brokenJson('native/ussdSessionEvent/new'),
  },
  {
    name: 'at',
    serve: (app) => gateway(africasTalking(app)),
    phone: atPhone,
    deepLinks: true,
    timeoutReason: 'Timeout',
    malformed: () =>
      new Request(`${BASE}/at`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'serviceCode=*384*1234%23&text=',
      }),
  },
  {
    name: 'hubtel',
    serve: (app) => gateway(hubtel(app)),
    phone: hubtelPhone,
    deepLinks: true,
    timeoutReason: 'Timeout',
    malformed: brokenJson('hubtel'),
  },
  {
    name: 'arkesel',
    serve: (app) => gateway(arkesel(app)),
    phone: arkeselPhone,
    deepLinks: true,
    malformed: brokenJson('arkesel'),
  },
  {
    name: 'nalo',
    serve: (app) => gateway(nalo(app)),
    phone: naloPhone,
    deepLinks: true,
    malformed: brokenJson('nalo'),
  },
  {
    name: 'beem',
    serve: (app) => gateway(beem(app)),
    phone: beemPhone,
    deepLinks: false,
    timeoutReason: 'Abandon',
    malformed: brokenJson('beem'),
  },
  {
    name: 'infobip',
    serve: (app) => gateway(infobip(app)),
    phone: infobipPhone,
    deepLinks: true,
    timeoutReason: 'Timeout',
    malformed: brokenJson('infobip/s-1/start'),
  },
];
