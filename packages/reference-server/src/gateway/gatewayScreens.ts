import { gatewayTexts } from '@ussdkit/protocol';

/** Operator time limit of a session, in sandbox milliseconds (spec: about 2 minutes). */
export const SESSION_LIMIT_MS = 120_000;

/**
 * What the transcript, the logs and the phones write for an answer to a secret question (a PIN):
 * `gatewayTexts.secretMask` of `@ussdkit/protocol`.
 */
export const SECRET_MASK = gatewayTexts.secretMask;
