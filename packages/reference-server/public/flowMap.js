/**
 * The Flow map panel of the web phone: the screens and arrows of the app of the session on the
 * phone (the flow it published: `ussdkit dev` publishes its app's, `GET /sandbox/flows/{appId}`),
 * the screen the phone is on highlighted, and the explorer's problems marked on their screens.
 * Drawn as SVG from `flowLayout.js`, with nothing fetched but the flow itself.
 */
import { layoutFlow, NODE_HEIGHT, NODE_WIDTH, START } from './flowLayout.js';
import { api } from './sandboxApi.js';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * @param {string} tag
 * @param {Record<string, string | number>} attributes
 * @param {string} [text]
 */
function svg(tag, attributes, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** @param {string} text @param {number} most */
const cut = (text, most) => (text.length > most ? `${text.slice(0, most - 1)}…` : text);

/**
 * Wires the panel. `follow(appId, sessionId)` is called with each session the phone shows;
 * without one, the map shows the first app that published a flow.
 */
export function flowMapPanel() {
  const panel = /** @type {HTMLElement} */ (document.getElementById('flow'));
  const figure = /** @type {HTMLElement} */ (document.getElementById('flow-map'));
  const status = /** @type {HTMLElement} */ (document.getElementById('flow-status'));
  const list = /** @type {HTMLElement} */ (document.getElementById('flow-problems'));
  /** What the map shows now, to redraw only on a change. */
  let drawn = '';

  /** @param {any} flow the answer of `GET /sandbox/flows/{appId}` */
  function draw(flow) {
    const key = JSON.stringify(flow);
    if (key === drawn) return;
    drawn = key;
    panel.hidden = false;
    panel.dataset.app = flow.appId;
    const layout = layoutFlow(flow.graph);
    /** @type {Map<string, any[]>} */
    const problems = new Map();
    for (const problem of flow.problems) {
      problems.set(problem.screen, [...(problems.get(problem.screen) ?? []), problem]);
    }
    const map = svg('svg', {
      viewBox: `0 0 ${layout.width} ${layout.height}`,
      width: layout.width,
      height: layout.height,
      role: 'img',
      'aria-label': `Flow map of ${flow.appId}: ${flow.graph.nodes.length} screens`,
    });
    const defs = svg('defs', {});
    const marker = svg('marker', {
      id: 'flow-arrow',
      viewBox: '0 0 10 10',
      refX: 9,
      refY: 5,
      markerWidth: 7,
      markerHeight: 7,
      orient: 'auto-start-reverse',
    });
    marker.append(svg('path', { d: 'M0,0 L10,5 L0,10 z', class: 'flow-arrowhead' }));
    defs.append(marker);
    map.append(defs);
    for (const edge of layout.edges) {
      const group = svg('g', {
        class: `flow-edge${edge.back ? ' back' : ''}`,
        'data-from': edge.from,
        'data-to': edge.to,
      });
      group.append(svg('title', {}, `${edge.from} → ${edge.to}: ${edge.label}`));
      group.append(svg('path', { d: edge.path, 'marker-end': 'url(#flow-arrow)' }));
      if (edge.label !== '') {
        group.append(
          svg(
            'text',
            { x: edge.labelX, y: edge.labelY, 'text-anchor': edge.back ? 'end' : 'middle' },
            cut(edge.label, 18),
          ),
        );
      }
      map.append(group);
    }
    for (const node of layout.nodes) {
      const found = problems.get(node.name) ?? [];
      const classes = ['flow-node', `kind-${node.kind}`];
      if (node.name === START) classes.push('start');
      if (node.name === flow.screen) classes.push('current');
      if (found.length > 0) classes.push('problem');
      const group = svg('g', {
        class: classes.join(' '),
        'data-screen': node.name,
        transform: `translate(${node.x},${node.y})`,
      });
      const title = [
        `${node.name} (${node.kind})`,
        ...found.map((problem) => `✗ ${problem.kind}: ${problem.message}`),
      ];
      group.append(svg('title', {}, title.join('\n')));
      group.append(svg('rect', { width: NODE_WIDTH, height: NODE_HEIGHT, rx: 8 }));
      group.append(
        svg(
          'text',
          { x: NODE_WIDTH / 2, y: 19, class: 'name', 'text-anchor': 'middle' },
          cut(node.name, 20),
        ),
      );
      if (node.name !== START) {
        group.append(
          svg(
            'text',
            { x: NODE_WIDTH / 2, y: 35, class: 'kind', 'text-anchor': 'middle' },
            node.kind,
          ),
        );
      }
      if (found.length > 0) {
        group.append(
          svg(
            'text',
            { x: NODE_WIDTH - 6, y: 14, class: 'badge', 'text-anchor': 'end' },
            `⚠ ${found.length}`,
          ),
        );
      }
      map.append(group);
    }
    figure.replaceChildren(map);
    status.textContent = `${flow.appId}: ${flow.graph.nodes.length} screens${flow.screen ? `, the phone is on ${flow.screen}` : ''}${flow.problems.length > 0 ? `, ${flow.problems.length} problem${flow.problems.length === 1 ? '' : 's'}` : ', no problem found'}`;
    list.replaceChildren(
      ...flow.problems.map((/** @type {any} */ problem) => {
        const item = document.createElement('li');
        item.dataset.screen = problem.screen;
        item.textContent = `✗ ${problem.kind} on ${problem.screen}: ${problem.message}${problem.reproduce ? ` (reproduce: ${problem.reproduce})` : ''}`;
        return item;
      }),
    );
  }

  return {
    /**
     * Redraws the map of `appId` (or the first published) with `sessionId`'s screen. An app that
     * published no flow hides the panel.
     * @param {string | undefined} appId
     * @param {string | undefined} sessionId
     */
    async follow(appId, sessionId) {
      // The list first: an app that published nothing is not asked for (a 404 in the console).
      const { appIds } = await api.flows();
      const shown = appId ?? appIds[0];
      const published = shown !== undefined && appIds.includes(shown);
      const flow = published ? await api.flow(shown, sessionId) : undefined;
      if (flow === undefined) {
        panel.hidden = true;
        drawn = '';
        return;
      }
      draw(flow);
    },
  };
}
