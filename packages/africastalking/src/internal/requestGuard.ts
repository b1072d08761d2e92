import type { AfricasTalkingOptions } from '../AfricasTalkingOptions';
import { ipAllowed } from './ipAllowed';
import { secretsEqual } from './secretsEqual';
import { textResponse } from './textResponse';

/**
 * The checks of `secret` and `allowedIps`, made once from the options: returns the 403 answer
 * for a request that fails one, `undefined` for one that passes.
 */
export function requestGuard(
  options: AfricasTalkingOptions,
): (request: Request) => Response | undefined {
  const { secret, allowedIps, clientIp } = options;
  const param = options.secretParam ?? 'secret';
  if (allowedIps !== undefined && clientIp === undefined) {
    throw new TypeError(
      "africasTalking: allowedIps needs clientIp, since a web Request does not carry the client's address: say where your runtime puts it (e.g. (request) => request.headers.get('cf-connecting-ip') on Cloudflare Workers), or mount with @ussdkit/africastalking/express",
    );
  }
  return (request) => {
    if (secret !== undefined) {
      const given = new URL(request.url).searchParams.get(param);
      if (given === null || !secretsEqual(given, secret)) {
        const problem = given === null ? 'lacks' : 'has a wrong';
        return textResponse(
          403,
          `The URL ${problem} ${param} parameter: register the callback and notifications URLs with ?${param}=<your secret> in Africa's Talking's dashboard`,
        );
      }
    }
    if (allowedIps !== undefined) {
      const address = clientIp?.(request);
      if (address === undefined || !ipAllowed(address, allowedIps)) {
        return textResponse(403, `The client address ${address ?? '(unknown)'} is not allowed`);
      }
    }
    return undefined;
  };
}
