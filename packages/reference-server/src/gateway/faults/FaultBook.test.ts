import { describe, expect, it } from 'vitest';
import { corruptContextData } from './corruptContextData';
import { FaultBook } from './FaultBook';

/** Which of the app's faults fire for each of `count` events of one kind. */
function draws(book: FaultBook, event: 'new' | 'continue' | 'close', count: number) {
  return Array.from({ length: count }, () => {
    const plan = book.plan('shop', event);
    return ['delay', 'duplicate', 'reorder', 'dropAnswer', 'cut', 'corruptContextData'].filter(
      (kind) => plan.has(kind as never),
    );
  });
}

describe('FaultBook', () => {
  it('fires nothing for an app without faults', () => {
    const book = new FaultBook();
    expect(draws(book, 'continue', 3)).toEqual([[], [], []]);
    expect(book.get('shop')).toEqual({});
  });

  it('fires a fault of probability 1 on every event it touches, and only those', () => {
    const book = new FaultBook();
    book.set('shop', { cut: {}, corruptContextData: {}, reorder: {} });
    expect(draws(book, 'new', 1)).toEqual([['cut']]);
    expect(draws(book, 'continue', 1)).toEqual([['reorder', 'cut', 'corruptContextData']]);
    expect(draws(book, 'close', 1)).toEqual([['corruptContextData']]);
  });

  it('never fires a fault of probability 0', () => {
    const book = new FaultBook();
    book.set('shop', { duplicate: { probability: 0 } });
    expect(draws(book, 'continue', 50).flat()).toEqual([]);
  });

  it('draws the same faults for the same seed, from each set', () => {
    const book = new FaultBook();
    const faults = { seed: 9, duplicate: { probability: 0.5 }, delay: { ms: 5, probability: 0.5 } };
    book.set('shop', faults);
    const first = draws(book, 'continue', 40);
    book.set('shop', faults);
    expect(draws(book, 'continue', 40)).toEqual(first);
    // Half the time, roughly: both outcomes happen.
    expect(first.some((fired) => fired.includes('duplicate'))).toBe(true);
    expect(first.some((fired) => !fired.includes('duplicate'))).toBe(true);
    book.set('shop', { ...faults, seed: 10 });
    expect(draws(book, 'continue', 40)).not.toEqual(first);
  });

  it('forgets an app set with no fault, or cleared', () => {
    const book = new FaultBook();
    book.set('shop', { cut: {} });
    book.clear('shop');
    expect(book.get('shop')).toEqual({});
    book.set('shop', { seed: 3 });
    expect(book.get('shop')).toEqual({});
  });
});

describe('corruptContextData', () => {
  it('never gives back what the app gave', () => {
    expect(corruptContextData('h2')).toBe('2h~corrupted');
    expect(corruptContextData('')).toBe('~corrupted');
  });
});
