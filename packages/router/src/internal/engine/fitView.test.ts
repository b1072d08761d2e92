import { measureScreen, renderChooser } from '@ussdkit/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitView, surelyFits } from './fitView';

describe('fitView', () => {
  it('leaves a view that fits alone', () => {
    const view = { type: 'InfoView' as const, message: 'Thank you' };
    expect(fitView(view, {})).toEqual({ view });
  });

  it('cuts with a GSM 7-bit ellipsis, so a GSM text keeps its 182', () => {
    const { view, overflow } = fitView({ type: 'InputView', message: 'a'.repeat(300) }, {});
    expect(view).toEqual({ type: 'InputView', message: `${'a'.repeat(179)}...` });
    expect(overflow).toMatchObject({ encoding: 'GSM7', length: 300, limit: 182 });
  });

  it('shortens the longest labels when even an untitled chooser is too long', () => {
    const items = [
      { accessKey: '1', label: 'x'.repeat(190) },
      { accessKey: '2', label: 'Short' },
    ];
    const { view } = fitView({ type: 'ChooserView', title: 'Title', items }, {});
    expect(view.type).toBe('ChooserView');
    if (view.type !== 'ChooserView') return;
    expect(measureScreen(renderChooser(view)).fits).toBe(true);
    expect(view.items[1]).toEqual({ accessKey: '2', label: 'Short' });
    expect(view.items[0]?.label).toMatch(/^x+\.\.\.$/);
  });

  it('always answers within the limit, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), fc.constantFrom(40, 80, 182), (text, gsm7) => {
        const limits = { gsm7, ucs2: Math.floor(gsm7 / 2) };
        const { view } = fitView({ type: 'InfoView', message: text }, limits);
        expect(view.type !== 'ChooserView' && measureScreen(view.message, limits).fits).toBe(true);
      }),
    );
  });

  it('skips measuring only a screen that the measure would pass (surelyFits)', () => {
    // Texts of GSM 7-bit characters, extension characters (two septets) and others (UCS-2,
    // emoji in two code units), near the limits.
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom('a', ' ', '1', '\n'),
        fc.constantFrom('€', '^', '{', '|'),
        fc.constantFrom('é', 'ñ', 'ŋ', '😀'),
      ),
      maxLength: 120,
    });
    const item = fc.record({ accessKey: fc.constantFrom('1', '22', '#'), label: text });
    fc.assert(
      fc.property(
        text,
        fc.array(item, { minLength: 1, maxLength: 4 }),
        fc.option(fc.constantFrom(')', '. ', ' - '), { nil: undefined }),
        fc.constantFrom(40, 80, 182),
        fc.constantFrom(20, 40, 80),
        (title, items, separator, gsm7, ucs2) => {
          const limits = { gsm7, ucs2 };
          if (surelyFits(title.length, limits)) {
            expect(measureScreen(title, limits).fits).toBe(true);
          }
          const chooser = { type: 'ChooserView' as const, title, items, separator };
          const fits = measureScreen(renderChooser(chooser), limits).fits;
          expect(fitView(chooser, limits).view === chooser).toBe(fits);
          const info = { type: 'InfoView' as const, message: title };
          expect(fitView(info, limits).view === info).toBe(measureScreen(title, limits).fits);
        },
      ),
      { numRuns: 5_000 },
    );
  });
});
