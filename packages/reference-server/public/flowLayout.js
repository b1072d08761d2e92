/**
 * A layered layout of an app graph, small enough to write by hand for USSD-sized flows (tens of
 * screens): screens are put in rows by their distance from the start, ordered in each row by
 * where their predecessors stand, and each arrow is a curve. Plain data in, plain data out: no DOM
 * (docs/decisions/0040-flow-map.md).
 */

export const NODE_WIDTH = 150;
export const NODE_HEIGHT = 44;
const GAP_X = 36;
const GAP_Y = 64;
const MARGIN = 24;
/** Room on the right for the arrows that go back up. */
const BACK_ROOM = 60;

/**
 * @typedef {{start: string, nodes: {name: string, kind: string}[], edges: {from: string, to: string, label: string}[], entries: {via: string, key: string, to: string}[]}} FlowGraph
 * @typedef {{name: string, kind: string, x: number, y: number, layer: number}} PlacedNode
 * @typedef {{from: string, to: string, label: string, path: string, labelX: number, labelY: number, back: boolean}} PlacedEdge
 */

/** The start marker's name: no screen is called that (screen names are identifiers). */
export const START = '▶ start';

/**
 * Places every screen and draws every arrow of `graph`, plus a start marker whose arrows are the
 * entry points (the dial, each `entry`).
 * @param {FlowGraph} graph
 * @returns {{width: number, height: number, nodes: PlacedNode[], edges: PlacedEdge[]}}
 */
export function layoutFlow(graph) {
  const names = graph.nodes.map((node) => node.name);
  const entryEdges = [
    { from: START, to: graph.start, label: 'dial' },
    ...graph.entries.map((entry) => ({
      from: START,
      to: entry.to,
      label: `${entry.via} ${entry.key}`,
    })),
  ];
  const edges = [...entryEdges, ...graph.edges].filter(
    (edge) => names.includes(edge.to) && (edge.from === START || names.includes(edge.from)),
  );
  const layers = layerOf(names, edges);
  const rows = orderRows(names, edges, layers);
  const widest = Math.max(...rows.map((row) => row.length), 1);
  const width = MARGIN * 2 + widest * NODE_WIDTH + (widest - 1) * GAP_X + BACK_ROOM;
  /** @type {Map<string, PlacedNode>} */
  const placed = new Map();
  rows.forEach((row, layer) => {
    const rowWidth = row.length * NODE_WIDTH + (row.length - 1) * GAP_X;
    const left = MARGIN + (widest * NODE_WIDTH + (widest - 1) * GAP_X - rowWidth) / 2;
    row.forEach((name, index) => {
      const kind = graph.nodes.find((node) => node.name === name)?.kind ?? 'start';
      const x = left + index * (NODE_WIDTH + GAP_X);
      placed.set(name, { name, kind, x, y: MARGIN + layer * (NODE_HEIGHT + GAP_Y), layer });
    });
  });
  const height = MARGIN * 2 + rows.length * NODE_HEIGHT + (rows.length - 1) * GAP_Y;
  const drawn = edges.map((edge) => curve(edge, placed, width));
  return { width, height, nodes: [...placed.values()], edges: drawn };
}

/**
 * Each screen's row: its distance from the start (breadth first, arrows in order); screens no
 * arrow reaches go in a last row of their own.
 * @param {string[]} names
 * @param {{from: string, to: string}[]} edges
 */
function layerOf(names, edges) {
  /** @type {Map<string, number>} */
  const layers = new Map([[START, 0]]);
  const queue = [START];
  while (queue.length > 0) {
    const from = /** @type {string} */ (queue.shift());
    for (const edge of edges) {
      if (edge.from !== from || layers.has(edge.to)) continue;
      layers.set(edge.to, (layers.get(from) ?? 0) + 1);
      queue.push(edge.to);
    }
  }
  const deepest = Math.max(...layers.values());
  for (const name of names) if (!layers.has(name)) layers.set(name, deepest + 1);
  return layers;
}

/**
 * The rows, each ordered by the mean position of its screens' predecessors in the rows above
 * (the barycentre heuristic: fewer crossings), first come first where they tie.
 * @param {string[]} names
 * @param {{from: string, to: string}[]} edges
 * @param {Map<string, number>} layers
 */
function orderRows(names, edges, layers) {
  /** @type {string[][]} */
  const rows = [];
  for (const name of [START, ...names]) {
    const layer = layers.get(name) ?? 0;
    rows[layer] = [...(rows[layer] ?? []), name];
  }
  /** @type {Map<string, number>} */
  const position = new Map();
  rows.forEach((row, layer) => {
    if (layer > 0) {
      const weight = (name) => {
        const above = edges
          .filter((edge) => edge.to === name && (layers.get(edge.from) ?? 0) < layer)
          .map((edge) => position.get(edge.from) ?? 0);
        return above.length === 0
          ? Number.POSITIVE_INFINITY
          : above.reduce((a, b) => a + b, 0) / above.length;
      };
      const weights = new Map(row.map((name) => [name, weight(name)]));
      row.sort((a, b) => (weights.get(a) ?? 0) - (weights.get(b) ?? 0));
    }
    for (const [index, name] of row.entries()) position.set(name, (index + 0.5) / row.length);
  });
  return rows.filter((row) => row.length > 0);
}

/**
 * An arrow: down from the bottom of its screen to the top of the next for a forward arrow; out to
 * the right and back for one that goes up, stays in its row or loops.
 * @param {{from: string, to: string, label: string}} edge
 * @param {Map<string, PlacedNode>} placed
 * @param {number} width
 * @returns {PlacedEdge}
 */
function curve(edge, placed, width) {
  const from = /** @type {PlacedNode} */ (placed.get(edge.from));
  const to = /** @type {PlacedNode} */ (placed.get(edge.to));
  if (to.layer > from.layer) {
    const [x1, y1] = [from.x + NODE_WIDTH / 2, from.y + NODE_HEIGHT];
    const [x2, y2] = [to.x + NODE_WIDTH / 2, to.y];
    const bend = (y2 - y1) / 2;
    return {
      ...edge,
      back: false,
      path: `M${x1},${y1} C${x1},${y1 + bend} ${x2},${y2 - bend} ${x2},${y2}`,
      labelX: (x1 + x2) / 2,
      labelY: (y1 + y2) / 2,
    };
  }
  const [x1, y1] = [from.x + NODE_WIDTH, from.y + NODE_HEIGHT / 2 + 6];
  const [x2, y2] = [to.x + NODE_WIDTH, to.y + NODE_HEIGHT / 2 - 6];
  const out = Math.min(width - 4, Math.max(x1, x2) + 28 + 8 * Math.abs(from.layer - to.layer));
  return {
    ...edge,
    back: true,
    path: `M${x1},${y1} C${out},${y1} ${out},${y2} ${x2},${y2}`,
    labelX: out - 6,
    labelY: (y1 + y2) / 2,
  };
}
