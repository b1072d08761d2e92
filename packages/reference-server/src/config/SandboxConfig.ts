import { z } from 'zod';
import { allowedHostsConfigSchema } from './allowedHostsConfig';
import { appConfigSchema, appProtocolProblem } from './appConfig';
import { catalogueConfigSchema } from './catalogueConfig';
import { developerConfigSchema } from './developerConfig';
import { historyRetentionConfigSchema } from './historyRetentionConfig';
import { sessionRetentionConfigSchema } from './sessionRetentionConfig';

/**
 * The whole configuration of a sandbox: developers, their apps, the product catalogue, how
 * long ended sessions stay readable, how much operation history is kept, and the host names it
 * answers besides the loopback ones. The format of the
 * `--config` file (see `docs/reference-server.md`).
 *
 * @example
 * ```json
 * { "developers": [{ "clientId": "c", "clientSecret": "s" }],
 *   "apps": [{ "appId": "a", "clientId": "c", "appCode": "7", "url": "http://127.0.0.1:3000" }],
 *   "catalogue": { "productGroups": [], "operatorProducts": [] } }
 * ```
 */
export const sandboxConfigSchema = z
  .object({
    developers: z.array(developerConfigSchema).default([]),
    apps: z.array(appConfigSchema).default([]),
    catalogue: catalogueConfigSchema.default({ productGroups: [], operatorProducts: [] }),
    /** How long ended sessions stay readable (see {@link sessionRetentionConfigSchema}). */
    sessionRetention: sessionRetentionConfigSchema.prefault({}),
    /** How much operation history is kept (see {@link historyRetentionConfigSchema}). */
    historyRetention: historyRetentionConfigSchema.prefault({}),
    /** Host names answered besides the loopback ones (see {@link allowedHostsConfigSchema}). */
    allowedHosts: allowedHostsConfigSchema.default([]),
  })
  .superRefine((config, ctx) => {
    const clientIds = new Set(config.developers.map((d) => d.clientId));
    const seen = { appId: new Set<string>(), appCode: new Set<string>() };
    config.apps.forEach((app, index) => {
      const problem = appProtocolProblem(app);
      if (problem !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['apps', index, problem.field],
          message: problem.message,
        });
      }
      if (!clientIds.has(app.clientId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['apps', index, 'clientId'],
          message: `no developer "${app.clientId}"`,
        });
      }
      for (const key of ['appId', 'appCode'] as const) {
        if (seen[key].has(app[key])) {
          ctx.addIssue({
            code: 'custom',
            path: ['apps', index, key],
            message: `duplicate ${key} "${app[key]}"`,
          });
        }
        seen[key].add(app[key]);
      }
    });
  });

/** A configuration with every default applied. */
export type SandboxConfig = z.output<typeof sandboxConfigSchema>;
/** A configuration as written (defaults may be left out). */
export type SandboxConfigInput = z.input<typeof sandboxConfigSchema>;
