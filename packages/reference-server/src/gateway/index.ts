/**
 * @module gateway
 *
 * The USSD gateway of the sandbox: dial routing, the four app events, process dialogs, push and
 * recovery, redirects, billing, and the phone side of the sandbox API.
 */

export { CORRECT_PIN, UNKNOWN_SETTLES_AFTER_MS } from './bankAnswer';
export * from './billing';
export { PUSH_FEE } from './checkPush';
export * from './createGateway';
export * from './createGatewayRoutes';
export * from './embeddedProcesses';
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
export { DEFAULT_NETWORK, networkOf, type Operator, operators } from './networkOf';
export type { PendingPush } from './PhonePushes';
export { RECOVERY_VALIDITY_MS } from './RecoveryTokens';
export type { SessionRetentionPolicy } from './SessionStore';
export { createSandboxBanks, holdsNoAccounts } from './sandboxBanks';
