import type { EmbeddedProcess } from '@ussdkit/protocol';
import { type DialogStep, menu, prompt } from './Dialog';

/** Developer permission an embedded process needs. */
export const EMBEDDED_PROCESS_PERMISSION = 'EMBEDDED_PROCESS';

/** Naira debited from the developer's virtual purse each time an embedded process starts. */
export const EMBEDDED_PROCESS_FEE = 5;

/**
 * A process the service runs inside a session and whose result goes back to the app.
 *
 * @example
 * ```ts
 * const step = embeddedProcessCatalogue['accept-terms']?.start({ terms: 'Accept?' });
 * ```
 */
export interface EmbeddedProcessDefinition {
  readonly processId: string;
  readonly description: string;
  start(params: Readonly<Record<string, string>>): DialogStep;
}

function done(resultParams: Record<string, string>): DialogStep {
  return { type: 'done', result: { type: 'EmbeddedProcessResult', resultParams } };
}

const confirmIdentity: EmbeddedProcessDefinition = {
  processId: 'confirm-identity',
  description:
    'Asks the date of birth (DDMMYYYY), a secret. verified is "true" for 8 digits that match params.dateOfBirth (any 8 digits when it is absent).',
  // The answer proves who the customer is: the service checks it and hands the app the verdict
  // only, as it would a PIN (the app gave the date it expects, it need not hear what was typed).
  start: (params) =>
    prompt(
      'Confirm your identity\nEnter your date of birth (DDMMYYYY):',
      (text) => {
        const wellFormed = /^\d{8}$/.test(text);
        const expected = params.dateOfBirth;
        const verified = wellFormed && (expected === undefined || expected === text);
        return done({ verified: String(verified) });
      },
      { secret: true },
    ),
};

const acceptTerms: EmbeddedProcessDefinition = {
  processId: 'accept-terms',
  description: 'A menu "1. Accept / 2. Decline"; resultParams.accepted is "true" or "false".',
  start: (params) =>
    menu(
      params.terms ?? 'Accept the terms of service?',
      [
        { label: 'Accept', value: true },
        { label: 'Decline', value: false },
      ],
      (accepted) => done({ accepted: String(accepted) }),
    ),
};

/**
 * The sandbox's embedded process catalogue, by process id (docs/gateway.md).
 *
 * @example
 * ```ts
 * const step = embeddedProcessCatalogue['confirm-identity']?.start({});
 * ```
 */
export const embeddedProcessCatalogue: Readonly<Record<string, EmbeddedProcessDefinition>> = {
  [confirmIdentity.processId]: confirmIdentity,
  [acceptTerms.processId]: acceptTerms,
};

/**
 * Starts an embedded process from the catalogue; an unknown process id aborts the session with
 * `InternalError`.
 *
 * @example
 * ```ts
 * startEmbeddedProcess({ type: 'EmbeddedProcess', processId: 'accept-terms', params: {} });
 * ```
 */
export function startEmbeddedProcess(process: EmbeddedProcess): DialogStep {
  const definition = embeddedProcessCatalogue[process.processId];
  if (definition === undefined) {
    const known = Object.keys(embeddedProcessCatalogue).join(', ');
    return {
      type: 'abort',
      reason: { type: 'InternalError' },
      message: `The app ran embedded process "${process.processId}", which the sandbox does not have; use one of ${known}.`,
    };
  }
  return definition.start(process.params);
}
