import { z } from 'zod';

/** Body of every HTTP error answer of the service (and of our servers): `{code, message}`. */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The error codes the service answers with, by HTTP status (docs/decisions/0007-wire-protocol.md). */
export const serviceErrorCodes = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INSUFFICIENT_BALANCE: 'INSUFFICIENT_BALANCE',
  MISSING_PERMISSION: 'MISSING_PERMISSION',
  NOT_FOUND: 'NOT_FOUND',
  DUPLICATE_OPERATION: 'DUPLICATE_OPERATION',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  APP_NOT_FOUND: 'APP_NOT_FOUND',
  INSUFFICIENT_BALANCE_IN_VIRTUAL_PURSE: 'INSUFFICIENT_BALANCE_IN_VIRTUAL_PURSE',
  INTERNAL: 'INTERNAL',
} as const;
export type ServiceErrorCode = (typeof serviceErrorCodes)[keyof typeof serviceErrorCodes];
