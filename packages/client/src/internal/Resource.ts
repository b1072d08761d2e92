import type { ResourceContext } from './ResourceContext';

/**
 * What every resource group extends, as openai-node's resources extend `APIResource`: the
 * client's context, which its methods send through (`getEndpoint`, `postOperation`).
 */
export abstract class Resource {
  constructor(protected readonly ctx: ResourceContext) {}
}
