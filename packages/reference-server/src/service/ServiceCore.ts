import type { App } from '../config/appConfig';
import type { Developer } from '../config/developerConfig';
import type { AcquireService } from '../core/AcquireService';
import type { AppRepository } from '../core/AppRepository';
import type { CallbackDispatcher } from '../core/CallbackDispatcher';
import type { CallbackLog } from '../core/CallbackLog';
import type { DeveloperRepository } from '../core/DeveloperRepository';
import type { SandboxClock } from '../core/SandboxClock';
import type { ServiceRules } from '../rules/index';
import type { ServiceSessions } from './ServiceSessions';

/**
 * The state and the rules of the service, what its routes work with: developers and apps (each a
 * `Map` too), the clock, the rules (catalogue, acquires, merchant payments, history, the
 * operationId namespace), the callbacks, and the sessions it starts (the sandbox's gateway, or
 * none in the msw handlers). Assembled once by `createServiceApp`.
 *
 * @example
 * ```ts
 * const balance = core.developers.get('demo-client')?.balance;
 * ```
 */
export interface ServiceCore<S extends ServiceSessions = ServiceSessions> {
  readonly mainCode: string;
  readonly clock: SandboxClock;
  readonly developers: DeveloperRepository & Map<string, Developer>;
  readonly apps: AppRepository & Map<string, App>;
  readonly rules: ServiceRules;
  readonly callbackLog: CallbackLog;
  readonly callbacks: CallbackDispatcher;
  readonly acquires: AcquireService;
  /** What runs the sessions the service starts (push, merchant payment). */
  readonly sessions: S;
}
