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
import type { SeenOperationIds } from './SeenOperationIds';
import type { SandboxBank } from './sandboxBanks';

/** What starting a process needs from the gateway. */
export interface ProcessRunner {
  readonly deps: GatewayDeps;
  readonly banks: readonly SandboxBank[];
  /** `clientId NUL operationId` of the merchant payments started within the retention window. */
  readonly usedOperations: Pick<SeenOperationIds, 'has' | 'add'>;
  later(delayMs: number, task: () => void): void;
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
      const message = `App ${frame.app.appId} started a merchant payment with operationId ${process.operationId}, which developer ${clientId} already used in this sandbox; give every payment a new operationId.`;
      return { type: 'abort', reason, message };
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
    const message = `App ${frame.app.appId} ran an embedded process, which needs the ${EMBEDDED_PROCESS_PERMISSION} permission, and developer ${clientId} does not have it; grant it with PATCH /sandbox/developers/${clientId} {"permissions": [..., "${EMBEDDED_PROCESS_PERMISSION}"]}.`;
    return { type: 'abort', reason, message };
  }
  // An unknown process id aborts before the fee is taken.
  if (embeddedProcessCatalogue[process.processId] === undefined) {
    return startEmbeddedProcess(process);
  }
  if (!deps.debitVirtualPurse(clientId, EMBEDDED_PROCESS_FEE)) {
    return {
      type: 'abort',
      reason: { type: 'InsufficientBalanceInVirtualPurse' },
      message: `An embedded process costs ${EMBEDDED_PROCESS_FEE} from the virtual purse, and developer ${clientId} has ${developer.virtualPurse}; top it up with PATCH /sandbox/developers/${clientId} {"virtualPurse": ...}.`,
    };
  }
  return startEmbeddedProcess(process);
}
