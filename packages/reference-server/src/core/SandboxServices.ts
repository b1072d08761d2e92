import type { Gateway } from '../gateway/index';
import type { ServiceRules } from '../rules/index';
import type { AcquireService } from './AcquireService';
import type { AppRepository } from './AppRepository';
import type { CallbackDispatcher } from './CallbackDispatcher';
import type { CallbackLog } from './CallbackLog';
import type { DeveloperRepository } from './DeveloperRepository';
import type { SandboxClock } from './SandboxClock';

/** Everything the HTTP routes work with, assembled once by `createSandbox`. */
export interface SandboxServices {
  readonly mainCode: string;
  readonly clock: SandboxClock;
  readonly developers: DeveloperRepository;
  readonly apps: AppRepository;
  /** The service's rules (catalogue, acquires, merchant payments, history), shared with msw. */
  readonly rules: ServiceRules;
  readonly callbackLog: CallbackLog;
  readonly callbacks: CallbackDispatcher;
  readonly acquires: AcquireService;
  readonly gateway: Gateway;
}
