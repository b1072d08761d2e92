import type { Process } from '@ussdkit/protocol';
import type { GatewayDeps } from '../GatewayDeps';
import type { AppFrame, GatewaySession } from '../GatewaySession';
import type { DialogStep } from './Dialog';
import {
  EMBEDDED_PROCESS_FEE,
  EMBEDDED_PROCESS_PERMISSION,
  embeddedProcessCatalogue,
  startEmbeddedProcess,
} from './embeddedProcesses';
import { startMerchantPayment } from './merchantPayment';
import type { SeenOperationIds } from './SeenOperationIds';
import type { SandboxBank } from './sandboxBanks';

/** What starting a process needs from the gateway. */
export interface ProcessRunner {
  readonly deps: GatewayDeps;
  readonly banks: readonly SandboxBank[];
  /** The operationIds of processes, in the developer's one namespace (within its window). */
  readonly usedOperations: Pick<SeenOperationIds, 'claim' | 'release'>;
  later(delayMs: number, task: () => void): void;
}

/** The abort of a process whose operationId the developer already used, for any operation. */
function duplicated(frame: AppFrame, what: string, operationId: string): DialogStep {
  const { appId, clientId } = frame.app;
  return {
    type: 'abort',
    reason: { type: 'DuplicatedOperation', operationId },
    message: `App ${appId} started ${what} with operationId ${operationId}, which developer ${clientId} already used in this sandbox (acquires, merchant payments and processes share one set of operationIds); give every operation a new operationId.`,
  };
}

/**
 * Starts a RunProcess action of the app in `frame`. A merchant payment whose operationId the
 * developer already used (for an acquire, a `POST /merchant/payment` or a process) aborts with
 * `DuplicatedOperation`; an embedded process needs the `EMBEDDED_PROCESS` permission (else
 * `MissingPrivilege`), a known process id (else `InternalError`), an unused operationId when its
 * params name one (`params.operationId`, else `DuplicatedOperation`) and its fee in the virtual
 * purse (else `InsufficientBalanceInVirtualPurse`).
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
    if (!runner.usedOperations.claim(clientId, process.operationId)) {
      return duplicated(frame, 'a merchant payment', process.operationId);
    }
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
  const { operationId } = process.params;
  if (operationId !== undefined && !runner.usedOperations.claim(clientId, operationId)) {
    return duplicated(frame, `embedded process ${process.processId}`, operationId);
  }
  if (!deps.debitVirtualPurse(clientId, EMBEDDED_PROCESS_FEE)) {
    // Refused before it began: the operationId is the developer's to use again.
    if (operationId !== undefined) runner.usedOperations.release(clientId, operationId);
    return {
      type: 'abort',
      reason: { type: 'InsufficientBalanceInVirtualPurse' },
      message: `An embedded process costs ${EMBEDDED_PROCESS_FEE} from the virtual purse, and developer ${clientId} has ${developer.virtualPurse}; top it up with PATCH /sandbox/developers/${clientId} {"virtualPurse": ...}.`,
    };
  }
  return startEmbeddedProcess(process);
}
