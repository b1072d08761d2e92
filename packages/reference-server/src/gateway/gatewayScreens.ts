/** Operator time limit of a session, in sandbox milliseconds (spec: about 2 minutes). */
export const SESSION_LIMIT_MS = 120_000;

/** Gateway messages the phone sees (docs/gateway.md). */
export const gatewayScreens = {
  aborted: 'Service temporarily unavailable. Please try again later.',
  timeout: 'Session timed out.',
  abandoned: 'Session cancelled.',
} as const;
