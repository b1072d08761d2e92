import type { Transport } from './Transport';

/** What a resource needs from its client. */
export interface ResourceContext {
  readonly transport: Transport;
}
