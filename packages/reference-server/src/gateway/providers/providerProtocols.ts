import { africasTalkingProtocol } from './africasTalking';
import { arkeselProtocol } from './arkesel';
import { beemProtocol } from './beem';
import { hubtelProtocol } from './hubtel';
import { infobipProtocol } from './infobip';
import { naloProtocol } from './nalo';
import type { ProviderName, ProviderProtocol } from './ProviderProtocol';

/**
 * Every gateway protocol the sandbox speaks besides its own, by the name an app registers with.
 *
 * @example
 * ```ts
 * providerProtocols.hubtel.title; // 'Hubtel'
 * ```
 */
export const providerProtocols: Readonly<Record<ProviderName, ProviderProtocol>> = {
  africastalking: africasTalkingProtocol,
  hubtel: hubtelProtocol,
  arkesel: arkeselProtocol,
  nalo: naloProtocol,
  beem: beemProtocol,
  infobip: infobipProtocol,
};
