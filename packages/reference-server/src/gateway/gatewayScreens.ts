/** Operator time limit of a session, in sandbox milliseconds (spec: about 2 minutes). */
export const SESSION_LIMIT_MS = 120_000;

/**
 * What the transcript, the logs and the phones write for an answer to a secret question of the
 * gateway (a PIN): the same four dots whatever was typed, so its length does not show either.
 */
export const SECRET_MASK = '••••';

/** Gateway messages the phone sees (docs/gateway.md). */
export const gatewayScreens = {
  aborted: 'Service temporarily unavailable. Please try again later.',
  timeout: 'Session timed out.',
  abandoned: 'Session cancelled.',
} as const;
