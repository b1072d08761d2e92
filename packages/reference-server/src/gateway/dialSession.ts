import { parseShortcode, ShortcodeError } from '@ussdkit/protocol';
import type { DialRequest, ScreenAnswer } from './Gateway';
import { GatewayError } from './GatewayError';
import type { GatewayParts } from './GatewayParts';
import { networkOf } from './phones/networkOf';
import type { RecoveryGrant } from './phones/RecoveryTokens';

/** The phone dialled a recovery code it may spend: resume the push, or start it anew. */
async function recover(
  parts: GatewayParts,
  code: string,
  msisdn: string,
  grant: RecoveryGrant,
): Promise<ScreenAnswer | undefined> {
  const { machine } = parts;
  const pushed = parts.lookUp(grant.sessionId);
  if (pushed?.open === true) {
    const resumed = await machine.serialize(pushed, async () => {
      if (!pushed.open) return undefined;
      machine.log(pushed, 'phone', code);
      parts.respond(pushed);
      return parts.answer(pushed);
    });
    if (resumed !== undefined) return resumed;
  }
  // The push is over (timed out, aborted, or it never reached the phone): the code starts a new
  // session of the pushed app, with the push's own input (docs/decisions/0013).
  const app = parts.deps.findAppById(grant.appId);
  if (app === undefined) return undefined;
  const note = `recovery code of push ${grant.sessionId}, which is over: a new session with its Push input`;
  return parts.begin(app, msisdn, [code, note], { type: 'Push', contextData: grant.contextData });
}

/**
 * A dial from the phone: a recovery code it may spend resumes its push (or starts it anew);
 * else `*<main>*<appCode>[*segments]#` starts a session of that app. 400 for an operator that
 * is not the number's network or a text that is no short code, 404 for a short code no app
 * answers.
 *
 * @example
 * ```ts
 * const screen = await dialSession(parts, { msisdn: '08031234567', dial: '*384*1#' });
 * ```
 */
export async function dialSession(
  parts: GatewayParts,
  { msisdn, dial, operator }: DialRequest,
): Promise<ScreenAnswer> {
  const { deps } = parts;
  const text = dial.trim();
  const network = networkOf(msisdn);
  if (operator !== undefined && operator !== network) {
    throw new GatewayError(
      400,
      'BAD_REQUEST',
      `operator: ${msisdn} is a ${network} number (the sandbox reads a number's network from its prefix, docs/gateway.md); leave operator out, or dial from a ${operator} number`,
    );
  }
  const key = parts.phoneKey(msisdn);
  if (key !== undefined) parts.phones.dismiss(key);
  const grant = key === undefined ? undefined : parts.tokens.redeem(text, key, deps.clock.now());
  const recovered = grant === undefined ? undefined : await recover(parts, text, msisdn, grant);
  if (recovered !== undefined) return recovered;
  let code: ReturnType<typeof parseShortcode>;
  try {
    code = parseShortcode(text);
  } catch (error) {
    if (error instanceof ShortcodeError) throw new GatewayError(400, 'BAD_REQUEST', error.message);
    throw error;
  }
  const app = code.mainCode === deps.mainCode ? deps.findAppByCode(code.appCode) : undefined;
  if (app === undefined) {
    throw new GatewayError(404, 'NOT_FOUND', `no app answers the short code ${text}`);
  }
  return parts.begin(app, msisdn, [text], { type: 'Dial', shortcodeString: text });
}
