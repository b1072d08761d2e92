import type { Process } from '@ussdkit/protocol';
import type { DialogStep } from './Dialog';
import {
  EMBEDDED_PROCESS_FEE,
  EMBEDDED_PROCESS_PERMISSION,
  embeddedProcessCatalogue,
  startEmbeddedProcess,
} from './embeddedProcesses';
import type { GatewayDeps } from './GatewayDeps';
import type { AppFrame, GatewaySession } from './GatewaySession';
import { startMerchantPayment } from './merchantPayment';
import type { SandboxBank } from './sandboxBanks';

/** What starting a process needs from the gateway. */
export interface ProcessRunner {
  readonly deps: GatewayDeps;
  readonly banks: readonly SandboxBank[];
  /** `clientId NUL operationId` of every merchant payment started so far. */
  readonly usedOperations: Set<string>;
  later(delayMs: number, task: () => void): void;
  log(text: string): void;
}

/**
 * Starts a RunProcess action of the app in `frame`. A merchant payment whose operationId the
 * developer already used aborts with `DuplicatedOperation`; an embedded process needs the
 * `EMBEDDED_PROCESS` permission (else `MissingPrivilege`), a known process id (else
 * `InternalError`) and its fee in the virtual purse (else `InsufficientBalanceInVirtualPurse`).
 *
 * @example
 * ```ts
 * const step = startProcess(runner, session, frame, action.process);
 * ```
 */
export function startProcess(
  runner: ProcessRunner,
  session: GatewaySession,
  frame: AppFrame,
  process: Process,
): DialogStep {
  const { deps } = runner;
  const clientId = frame.app.clientId;
  if (process.type === 'MerchantPaymentProcess') {
    const key = `${clientId}\u0000${process.operationId}`;
    if (runner.usedOperations.has(key)) {
      const reason = { type: 'DuplicatedOperation' as const, operationId: process.operationId };
      return { type: 'abort', reason };
    }
    runner.usedOperations.add(key);
    return startMerchantPayment(process, {
      clientId,
      msisdn: session.msisdn,
      banks: runner.banks,
      sendCallback: (body) => deps.sendCallback(clientId, process.operationId, body),
      later: runner.later,
    });
  }
  const developer = deps.findDeveloper(clientId);
  if (developer?.permissions.includes(EMBEDDED_PROCESS_PERMISSION) !== true) {
    const reason = { type: 'MissingPrivilege' as const, privilege: EMBEDDED_PROCESS_PERMISSION };
    return { type: 'abort', reason };
  }
  if (embeddedProcessCatalogue[process.processId] === undefined) {
    runner.log(`unknown embedded process ${process.processId}`);
    return { type: 'abort', reason: { type: 'InternalError' } };
  }
  if (!deps.debitVirtualPurse(clientId, EMBEDDED_PROCESS_FEE)) {
    return { type: 'abort', reason: { type: 'InsufficientBalanceInVirtualPurse' } };
  }
  return startEmbeddedProcess(process);
}
