import type { Gateway } from '../gateway/index';
import type { AcquireService } from './AcquireService';
import type { AppRepository } from './AppRepository';
import type { CallbackDispatcher } from './CallbackDispatcher';
import type { CallbackLog } from './CallbackLog';
import type { Catalogue } from './Catalogue';
import type { DeveloperRepository } from './DeveloperRepository';
import type { HistoryRepository } from './HistoryRepository';
import type { OperationRepository } from './OperationRepository';
import type { SandboxClock } from './SandboxClock';

/** Everything the HTTP routes work with, assembled once by `createSandbox`. */
export interface SandboxServices {
  readonly mainCode: string;
  readonly clock: SandboxClock;
  readonly developers: DeveloperRepository;
  readonly apps: AppRepository;
  readonly operations: OperationRepository;
  readonly history: HistoryRepository;
  readonly callbackLog: CallbackLog;
  readonly callbacks: CallbackDispatcher;
  readonly catalogue: Catalogue;
  readonly acquires: AcquireService;
  readonly gateway: Gateway;
}
