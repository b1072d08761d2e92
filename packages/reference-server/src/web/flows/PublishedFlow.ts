import { z } from 'zod';

const name = z.string().min(1).max(200);

/**
 * The app graph as a flow map draws it: the shape of `app.graph` of `@ussdkit/router` (screens
 * with their kind, arrows with their label, entry points), written here as a schema because the
 * sandbox never imports the router.
 */
export const flowGraphSchema = z.object({
  start: name,
  nodes: z.array(z.object({ name, kind: z.string().min(1).max(40) })).max(500),
  edges: z.array(z.object({ from: name, to: name, label: z.string().max(200) })).max(2000),
  entries: z
    .array(z.object({ via: z.string().max(40), key: z.string().max(200), to: name }))
    .max(500)
    .default([]),
});

/** A problem the explorer found, marked on its screen. */
export const flowProblemSchema = z.object({
  kind: z.string().min(1).max(40),
  screen: name,
  message: z.string().max(2000),
  /** How to see it: what to dial and type. */
  reproduce: z.string().max(2000).optional(),
});

/** What an app publishes to the sandbox: `PUT /sandbox/flows/{appId}`. */
export const publishedFlowSchema = z.object({
  graph: flowGraphSchema,
  problems: z.array(flowProblemSchema).max(500).default([]),
});

/** The graph of a flow map. */
export type FlowMapGraph = z.output<typeof flowGraphSchema>;
/** A problem marked on a flow map. */
export type FlowMapProblem = z.output<typeof flowProblemSchema>;
/** A published flow, as the sandbox keeps it. */
export type PublishedFlow = z.output<typeof publishedFlowSchema>;
