/**
 * The five providers as the tests walk them: their tiny apps, the app codes they are registered
 * under, and what each sends for the example session of its reference (docs/reference-server.md,
 * decision 0045), for a deep link and for an out-of-band end. The phone is `08031234567` (MTN),
 * the developer `acme`, the main code 384.
 */
import type { SandboxConfigInput } from '../../../src/config/SandboxConfig';
import type { Wire } from '../gatewayHarness';
import { type SandboxUnderTest, startSandboxUnderTest } from '../sandboxHarness';
import { arkeselCodec } from './arkeselApp';
import { beemCodec } from './beemApp';
import { hubtelCodec } from './hubtelApp';
import { infobipCodec } from './infobipApp';
import { naloCodec } from './naloApp';
import { type ProviderApp, type ProviderCodec, startProviderApp } from './providerServer';

export const PHONE = '08031234567';
/** The phone as the providers send it: international, without `+`. */
export const MSISDN = '2348031234567';
export const CLIENT = 'acme';
/** The secret in the query of every app's URL, as an adapter's `secret` option checks it. */
export const URL_SECRET = 'url-s3cret';

/** A request as the tests expect it to arrive: its method, path under the app's URL, and body. */
export interface Expected {
  readonly method: string;
  readonly path: string;
  readonly body: Record<string, unknown>;
}

export type ProviderName = 'hubtel' | 'arkesel' | 'nalo' | 'beem' | 'infobip';

/** One provider under test. */
export interface ProviderCase {
  readonly protocol: ProviderName;
  readonly title: string;
  readonly codec: ProviderCodec;
  /** The app code of the well-behaved app; 10 more is the same app with faults, 20 more without echoes, 30 more malformed. */
  readonly code: number;
  readonly screenLimit: number;
  /** The three requests of the reference's session (dial, `1`, `500`) of session `id`. */
  session(id: string): Expected[];
  /** The first request after dialling the deep link `*384*<code>*1#`. */
  deepLink(id: string): Expected;
  /** The request of an out-of-band end (the phone hung up, or the 120 s limit), or none. */
  end?(id: string, kind: 'Abandon' | 'Timeout'): Expected;
}

const post = (body: Record<string, unknown>, path = ''): Expected => ({
  method: 'POST',
  path,
  body,
});

/** Every provider, in the order of the reference. */
export const providerCases: readonly ProviderCase[] = [
  {
    protocol: 'hubtel',
    title: 'Hubtel',
    codec: hubtelCodec,
    code: 31,
    screenLimit: 182,
    session(id) {
      const base = { Mobile: MSISDN, SessionId: id, ServiceCode: '384*31' };
      return [
        post({ ...base, Type: 'Initiation', Message: '*384*31#', Operator: 'mtn', Sequence: 1 }),
        post({
          ...base,
          Type: 'Response',
          Message: '1',
          Operator: 'mtn',
          Sequence: 2,
          ClientState: '',
        }),
        post({
          ...base,
          Type: 'Response',
          Message: '500',
          Operator: 'mtn',
          Sequence: 3,
          ClientState: 'buy',
        }),
      ];
    },
    deepLink: (id) =>
      post({
        Mobile: MSISDN,
        SessionId: id,
        ServiceCode: '384*31',
        Type: 'Initiation',
        Message: '*384*31*1#',
        Operator: 'mtn',
        Sequence: 1,
      }),
    end: (id, kind) =>
      post({
        Mobile: MSISDN,
        SessionId: id,
        ServiceCode: '384*31',
        Type: kind === 'Abandon' ? 'Release' : 'Timeout',
        Message: '',
        Operator: 'mtn',
        Sequence: 3,
        ClientState: 'buy',
      }),
  },
  {
    protocol: 'arkesel',
    title: 'Arkesel',
    codec: arkeselCodec,
    code: 32,
    screenLimit: 182,
    session(id) {
      const step = (newSession: boolean, userData: string) =>
        post({
          sessionID: id,
          userID: CLIENT,
          newSession,
          msisdn: MSISDN,
          userData,
          network: 'MTN',
        });
      return [step(true, '*384*32#'), step(false, '1'), step(false, '500')];
    },
    deepLink: (id) =>
      post({
        sessionID: id,
        userID: CLIENT,
        newSession: true,
        msisdn: MSISDN,
        userData: '*384*32*1#',
        network: 'MTN',
      }),
  },
  {
    protocol: 'nalo',
    title: 'Nalo',
    codec: naloCodec,
    code: 33,
    screenLimit: 120,
    session(id) {
      const step = (USERDATA: string, MSGTYPE: boolean) =>
        post({ USERID: CLIENT, MSISDN, USERDATA, MSGTYPE, NETWORK: 'MTN', SESSIONID: id });
      return [step('*384*33#', true), step('1', false), step('500', false)];
    },
    deepLink: (id) =>
      post({
        USERID: CLIENT,
        MSISDN,
        USERDATA: '*384*33*1#',
        MSGTYPE: true,
        NETWORK: 'MTN',
        SESSIONID: id,
      }),
  },
  {
    protocol: 'beem',
    title: 'Beem',
    codec: beemCodec,
    code: 34,
    screenLimit: 182,
    session(id) {
      const step = (command: string, request_id: number, response: string | number) =>
        post({
          command,
          msisdn: MSISDN,
          session_id: id,
          operator: 'mtn',
          payload: { request_id, response },
        });
      return [step('initiate', 0, 0), step('continue', 1, '1'), step('continue', 2, '500')];
    },
    // Beem sends no dialled string: the deep link's segment is not sent.
    deepLink: (id) =>
      post({
        command: 'initiate',
        msisdn: MSISDN,
        session_id: id,
        operator: 'mtn',
        payload: { request_id: 0, response: 0 },
      }),
    end: (id) =>
      post({
        command: 'terminate',
        msisdn: MSISDN,
        session_id: id,
        operator: 'mtn',
        payload: { request_id: 2, response: '' },
      }),
  },
  {
    protocol: 'infobip',
    title: 'Infobip',
    codec: infobipCodec,
    code: 35,
    screenLimit: 182,
    session(id) {
      const step = (action: string, text: string) =>
        post(
          { msisdn: MSISDN, shortCode: '*384*35#', text, ussdGwId: 'sandbox', language: null },
          `/${id}/${action}`,
        );
      return [step('start', '*384*35#'), step('response', '1'), step('response', '500')];
    },
    deepLink: (id) =>
      post(
        {
          msisdn: MSISDN,
          shortCode: '*384*35#',
          text: '*384*35*1#',
          ussdGwId: 'sandbox',
          language: null,
        },
        `/${id}/start`,
      ),
    end: (id, kind) => ({
      method: 'PUT',
      path: `/${id}/end`,
      body:
        kind === 'Abandon'
          ? { exitCode: 1, reason: 'cancelled by the subscriber' }
          : { exitCode: 2, reason: 'session timeout' },
    }),
  },
];

/** Each provider's running app. */
export type ProviderApps = Record<ProviderName, ProviderApp>;

/** Starts the five tiny apps. */
export async function startProviderApps(): Promise<ProviderApps> {
  const entries = await Promise.all(
    providerCases.map(async (c) => [c.protocol, await startProviderApp(c.codec)] as const),
  );
  return Object.fromEntries(entries) as ProviderApps;
}

/**
 * The developer `acme` and each provider's app four times, its URL's query holding
 * {@link URL_SECRET}: well-behaved at its code, with faults
 * at 10 more (`<protocol>-faulty`), without echoes at 20 more (`<protocol>-noecho`), malformed at
 * 30 more (`<protocol>-malformed`).
 */
export function providersConfig(apps: ProviderApps): SandboxConfigInput {
  return {
    developers: [
      {
        clientId: CLIENT,
        clientSecret: 'acme-secret',
        feePerTick: 2,
        virtualPurse: 1000,
        permissions: ['PUSH'],
      },
    ],
    apps: providerCases.flatMap(({ protocol, code }) => {
      const app = apps[protocol];
      const registered = (suffix: string, offset: number, url: string) => ({
        appId: `${protocol}${suffix}`,
        clientId: CLIENT,
        appCode: String(code + offset),
        url: `${url}?secret=${URL_SECRET}`,
        protocol,
      });
      return [
        registered('', 0, app.url('ok')),
        registered('-faulty', 10, app.url('ok')),
        registered('-noecho', 20, app.url('noecho')),
        registered('-malformed', 30, app.url('malformed')),
      ];
    }),
  };
}

/** A request as recorded, in the shape the tests expect. */
export function asExpected({
  method,
  path,
  body,
}: {
  method: string;
  path: string;
  body: Record<string, unknown>;
}): Expected {
  return { method, path, body };
}

/** The providers for `describe.each` and `it.each`: `[title, case]`, so names read `%s`. */
export const byTitle = providerCases.map((provider) => [provider.title, provider] as const);

/** The five apps and a sandbox on port 0 that registers them (see {@link providersConfig}). */
export interface ProvidersWorld {
  readonly apps: ProviderApps;
  readonly sandbox: SandboxUnderTest;
  close(): Promise<void>;
}

/** Starts the five tiny apps, then a sandbox that registers them. */
export async function startProvidersWorld(): Promise<ProvidersWorld> {
  const apps = await startProviderApps();
  const sandbox = await startSandboxUnderTest(providersConfig(apps));
  return {
    apps,
    sandbox,
    close: async () => {
      await sandbox.close();
      await Promise.all(Object.values(apps).map((app) => app.close()));
    },
  };
}

/** The texts of a session report's transcript lines `from` the phone, the app or the gateway. */
export function linesFrom(report: Wire, from: 'phone' | 'app' | 'gateway'): string[] {
  return report.transcript
    .filter((line: Wire) => line.from === from)
    .map((line: Wire) => line.text);
}
