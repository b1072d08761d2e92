/**
 * @module gateway
 *
 * The USSD gateway of the sandbox: dial routing, the four app events, process dialogs, push and
 * recovery, redirects, billing, and the phone side of the sandbox API.
 */

export * from './createGateway';
export * from './createGatewayRoutes';
export { CORRECT_PIN, UNKNOWN_SETTLES_AFTER_MS } from './dialogs/bankAnswer';
export * from './dialogs/embeddedProcesses';
export { createSandboxBanks, holdsNoAccounts } from './dialogs/sandboxBanks';
export {
  type FaultKind,
  faultKinds,
  type GatewayFaults,
  gatewayFaultsSchema,
} from './faults/gatewayFaultsSchema';
export type * from './Gateway';
export type * from './GatewayDeps';
export * from './GatewayError';
export { SESSION_LIMIT_MS } from './gatewayScreens';
export { PUSH_FEE } from './phones/checkPush';
export { DEFAULT_NETWORK, networkOf, type Operator, operators } from './phones/networkOf';
export type { PendingPush } from './phones/PhonePushes';
export { RECOVERY_VALIDITY_MS } from './phones/RecoveryTokens';
export * from './session/billing';
export type { SessionRetentionPolicy } from './session/SessionStore';
