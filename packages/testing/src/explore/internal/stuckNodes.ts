/** The end of every session, as a node of the walked graph. */
export const END = '\u0000end';

/**
 * The nodes from which no walked path ends the session. `edges` holds what each node led to
 * (`END` when a session ended there); only `complete` nodes (every branch from them tried) can be
 * stuck: a node not fully walked is taken to end somewhere, so a bound never raises a false alarm.
 */
export function stuckNodes(
  edges: ReadonlyMap<string, ReadonlySet<string>>,
  complete: (node: string) => boolean,
): string[] {
  const ends = new Set<string>([END]);
  for (const [node, targets] of edges) {
    if (!complete(node)) ends.add(node);
    // A node reached but never walked from (too deep, out of budget) may end.
    for (const target of targets) if (!edges.has(target)) ends.add(target);
  }
  // Walk backwards from the ends: whatever reaches one is not stuck.
  const from = new Map<string, string[]>();
  for (const [node, targets] of edges) {
    for (const target of targets) {
      const list = from.get(target) ?? [];
      list.push(node);
      from.set(target, list);
    }
  }
  const canEnd = new Set(ends);
  const queue = [...ends];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const previous of from.get(next) ?? []) {
      if (!canEnd.has(previous)) {
        canEnd.add(previous);
        queue.push(previous);
      }
    }
  }
  return [...edges.keys()].filter((node) => !canEnd.has(node));
}
