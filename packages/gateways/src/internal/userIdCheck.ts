import type { GatewayRefusal } from '@ussdkit/router/gateway';

/**
 * The account-id check of a provider that echoes one (Arkesel's `userID`, Nalo's `USERID`): a
 * request naming another account than the configured `expected` is refused 403. The id is no
 * secret (anyone who saw one request knows it): it keeps out another account's traffic and
 * mistaken set-ups, not an attacker.
 */
export function userIdCheck(
  title: string,
  field: string,
  given: string,
  expected: string | undefined,
): GatewayRefusal | undefined {
  if (expected === undefined || given === expected) return undefined;
  return {
    refused: `The field ${field} names another ${title} account than this app's userId option`,
    status: 403,
    code: 'WRONG_USER_ID',
  };
}
