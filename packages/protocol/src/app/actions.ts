import { z } from 'zod';
import { nonEmptyString, stringMap } from '../internal/fields';
import { ussdProcessRefSchema } from './common';
import { processSchema } from './processes';
import { viewSchema } from './views';

/** Show a view. */
export const showViewActionSchema = z.object({ type: z.literal('ShowView'), view: viewSchema });

/**
 * Hand the session to another app. Written as `"Redirect"`; upstream's generator name
 * `"UssdAction.Redirect"` (in its example) is also read.
 */
export const redirectActionSchema = z.object({
  type: z.enum(['Redirect', 'UssdAction.Redirect']).transform(() => 'Redirect' as const),
  destinationAppId: nonEmptyString,
  process: ussdProcessRefSchema.optional(),
});

/** Run a merchant payment or embedded process. */
export const runProcessActionSchema = z.object({
  type: z.literal('RunProcess'),
  process: processSchema,
});

/** Return to the app that redirected here, with result params (upstream 1.6.4). */
export const returnFromRedirectActionSchema = z.object({
  type: z.literal('ReturnFromRedirect'),
  resultParams: stringMap,
});

/** Redirect to a legacy USSD app at `uri` (upstream 1.6.4). */
export const legacyAppRedirectActionSchema = z.object({
  type: z.literal('LegacyAppRedirect'),
  uri: nonEmptyString,
});

/** What the app tells the gateway to do next. */
export const actionSchema = z.discriminatedUnion('type', [
  showViewActionSchema,
  redirectActionSchema,
  runProcessActionSchema,
  returnFromRedirectActionSchema,
  legacyAppRedirectActionSchema,
]);
export type Action = z.infer<typeof actionSchema>;
export type ActionType = Action['type'];

/**
 * The app's answer to `new` and `continue`. `contextData` is read as optional (the spec) and
 * always written (required upstream; empty string when none). `sessionTag` shows in billing.
 */
export const sessionCommandSchema = z.object({
  action: actionSchema,
  contextData: z.string().default(''),
  sessionTag: z.string().optional(),
});
export type SessionCommand = z.infer<typeof sessionCommandSchema>;
/** The shape of a session command before defaults are applied (what an app may send). */
export type SessionCommandInput = z.input<typeof sessionCommandSchema>;
