import { describe, expect, it } from 'vitest';
import { END, stuckNodes } from './stuckNodes';

const graph = (edges: Record<string, string[]>) =>
  new Map(Object.entries(edges).map(([node, targets]) => [node, new Set(targets)]));

describe('stuckNodes', () => {
  it('finds the nodes from which no path reaches the end', () => {
    const edges = graph({
      menu: ['loop', 'done'],
      loop: ['loop', 'trap'],
      trap: ['loop'],
      done: [END],
    });
    expect(stuckNodes(edges, () => true).sort()).toEqual(['loop', 'trap']);
  });

  it('takes a node not fully walked, or never walked from, to end somewhere', () => {
    const edges = graph({ menu: ['loop'], loop: ['deeper'] });
    expect(stuckNodes(edges, () => true)).toEqual([]);
    const unfinished = graph({ menu: ['loop'], loop: ['loop'] });
    expect(stuckNodes(unfinished, (node) => node !== 'loop')).toEqual([]);
  });
});
