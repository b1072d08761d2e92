// The marketplace (rows from a database, listed by id) and its port, compared on the same
// Africa's Talking requests with `compareWithMenuBuilder` of @ussdkit/testing: every answer is the
// same except the differences listed here, each intended.
import { africasTalking } from '@ussdkit/africastalking';
import {
  compareWithMenuBuilder,
  formatComparison,
  type MenuBuilderComparison,
} from '@ussdkit/testing/compare';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Catalogue, fakeCatalogue } from '../src/marketplace/catalogue';
import { marketplaceMenu } from '../src/marketplace/original';
import { marketplaceApp } from '../src/marketplace/port';

/** Sessions as customers dial them: each a list of inputs after the dial. */
const sequences = [
  ['2'], // help
  ['1', '1', '4', '2'], // two kilos of tomatoes
  ['1', '2', '12', '1'], // a bunch of bananas
  ['1', '5', '21', '3'], // three bags of maize
  ['1', '1', '8', '10'], // ten kilos of onions
  ['1', '3'], // 0: a category id that is no row
  ['1', '1', '5'], // 1: a product id that is no row
  ['1', '1', '3', 'x'], // 2: a quantity that is no number
  ['1', '9'], // 3: a long category: the port pages it
  ['1', '9', '98'], // 4: the port's next page, the key of no row to the original
] as const;

describe('the marketplace, original and port', () => {
  let comparison: MenuBuilderComparison;
  const originals: Catalogue[] = [];
  const ports: Catalogue[] = [];

  beforeAll(async () => {
    comparison = await compareWithMenuBuilder({
      original: () => marketplaceMenu(remember(originals)),
      port: () => africasTalking(marketplaceApp(remember(ports))),
      sequences,
    });
  });

  it('answers the same on every path that stays on the rows, and places the same orders', () => {
    const differing = new Set(comparison.differences.map((difference) => difference.sequence));
    expect([...differing]).toEqual([5, 6, 7, 8, 9]);
    expect(comparison).toMatchObject({ requests: 41, identical: 35 });
    expect(ports.map((db) => db.orders)).toEqual(originals.map((db) => db.orders));
    expect(ports.slice(1, 5).every((db) => db.orders.length === 1)).toBe(true);
  });

  it('asks again for a key that is no row, where the original ended', () => {
    const asked = comparison.differences.filter((difference) => difference.sequence < 8);
    const seen = asked.map(({ inputs, original, port }) => [
      inputs.join('*'),
      original,
      firstLine(port),
    ]);
    expect(seen).toEqual([
      ['1*3', 'END Unknown category.', 'CON Invalid choice. Try again.'],
      ['1*1*5', 'END Unknown product.', 'CON Invalid choice. Try again.'],
      // ussd-menu-builder runs the state again with the refused input as `menu.val`.
      ['1*1*3*x', 'END Unknown product.', 'CON Type a number of items, e.g. 2.'],
    ]);
  });

  it('pages a list longer than one screen, where the original sent it whole', () => {
    const paged = comparison.differences.filter((difference) => difference.sequence >= 8);
    expect(paged.map(({ inputs }) => inputs.join('*'))).toEqual(['1*9', '1*9', '1*9*98']);
    const [first, , next] = paged;
    expect(first?.original.length).toBeGreaterThan(182);
    expect(first?.port.length).toBeLessThanOrEqual(182 + 'CON '.length);
    expect(first?.port.split('\n').at(-1)).toBe('98: More');
    expect(first?.original).toContain(next?.port.split('\n')[1] ?? 'the second page');
    expect(next?.original).toBe('END Unknown product.');
    expect(formatComparison(comparison)).toMatch(/^41 requests: 35 identical, 6 different\n/);
  });
});

/** A fresh catalogue, kept to compare what each side ordered. */
function remember(list: Catalogue[]): Catalogue {
  const db = fakeCatalogue();
  list.push(db);
  return db;
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}
