/** Fuzz targets for a mounted router app: the four event paths with hostile bodies. */
import fc from 'fast-check';
import type { FuzzRequest } from './fuzzHttp';
import { type HostileBody, hostileBody } from './hostileBody';

const base = { clientId: 'client-1', appId: 'app-1', sessionId: 'fuzz-session' };

/** A valid body of each event, as the gateway sends them. */
export const validEvents = {
  new: {
    ...base,
    msisdn: '+2348030000000',
    operator: 'mtn',
    input: { type: 'Dial', shortcodeString: '*384*1#' },
  },
  continue: { ...base, result: { type: 'InputResult', value: 'Ada' }, contextData: 'h1' },
  close: { ...base, reason: { type: 'End' }, contextData: 'h1' },
  abort: { ...base, reason: { type: 'InternalError' }, contextData: '' },
} as const;

/** POSTs to `<mount>/ussdSessionEvent/<event>` (and a few unknown paths) with hostile bodies. */
export function appEventTargets(
  mountUrl: string,
  headers: Record<string, string> = {},
): fc.Arbitrary<FuzzRequest & { body: HostileBody }> {
  const events = Object.entries(validEvents).map(([event, valid]) =>
    hostileBody(valid).map((body) => ({
      method: 'POST',
      url: `${mountUrl}/ussdSessionEvent/${event}`,
      headers,
      body,
    })),
  );
  const unknownPath = fc
    .tuple(
      fc.constantFrom(
        '/ussdSessionEvent/',
        '/ussdSessionEvent/__proto__',
        '/x/../ussdSessionEvent/new',
        '/%ff%fe',
        '/ussdSessionEvent/constructor',
      ),
      hostileBody(validEvents.new),
    )
    .map(([path, body]) => ({ method: 'POST', url: `${mountUrl}${path}`, headers, body }));
  return fc.oneof(...events.map((arbitrary) => ({ weight: 5, arbitrary })), {
    weight: 1,
    arbitrary: unknownPath,
  });
}
