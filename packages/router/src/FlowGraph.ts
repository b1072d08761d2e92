import type { ScreenKind } from './Screen';

/** One arrow of the flow graph. */
export interface FlowEdge {
  readonly from: string;
  readonly to: string;
  /** What leads there: an item (`1 Buy airtime`), `next`, `Success`, `handler`, … */
  readonly label: string;
}

/**
 * The compiled flow, for inspection and tooling: screens, arrows and entry points. Arrows from
 * handlers come from their declared `targets`.
 *
 * @example
 * ```ts
 * app.graph.edges.filter((edge) => edge.from === 'menu');
 * ```
 */
export interface FlowGraph {
  readonly start: string;
  readonly nodes: readonly { readonly name: string; readonly kind: ScreenKind }[];
  readonly edges: readonly FlowEdge[];
  /**
   * Entry points other than `start`: dial segments, push, redirect process ids (`*`: the
   * `redirectUnavailable` screen, for any process the app does not offer), the deadline screen.
   */
  readonly entries: readonly {
    readonly via: 'Dial' | 'Push' | 'Redirect' | 'Deadline';
    readonly key: string;
    readonly to: string;
  }[];
}

/**
 * Prints a flow graph as a Mermaid flowchart.
 *
 * @example
 * ```ts
 * console.log(toMermaid(app.graph)); // flowchart TD ...
 * ```
 */
export function toMermaid(graph: FlowGraph): string {
  const id = (name: string) => `s_${name.replace(/[^A-Za-z0-9_]/g, '_')}`;
  const quote = (text: string) => text.replace(/"/g, '#quot;');
  const lines = ['flowchart TD', '  start(("start"))'];
  for (const node of graph.nodes)
    lines.push(`  ${id(node.name)}["${quote(node.name)}<br/>${node.kind}"]`);
  lines.push(`  start --> ${id(graph.start)}`);
  for (const entry of graph.entries) {
    lines.push(`  start -->|"${quote(`${entry.via} ${entry.key}`)}"| ${id(entry.to)}`);
  }
  for (const edge of graph.edges) {
    lines.push(`  ${id(edge.from)} -->|"${quote(edge.label)}"| ${id(edge.to)}`);
  }
  return lines.join('\n');
}
