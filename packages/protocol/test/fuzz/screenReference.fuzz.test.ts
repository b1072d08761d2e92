import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ChooserItem,
  DEFAULT_CHOOSER_SEPARATOR,
  measureScreen,
  renderChooser,
} from '../../src/index';

/**
 * A reference implementation written from the GSM 03.38 tables (3GPP TS 23.038, 6.2.1): the
 * default alphabet by code (0x00-0x7F, 0x1B being the escape to the extension table) and the
 * extension table's printable entries. The measure must agree with it on any text.
 */
const DEFAULT_ALPHABET: readonly (string | null)[] = [
  // 0x00-0x0F
  '@',
  '£',
  '$',
  '¥',
  'è',
  'é',
  'ù',
  'ì',
  'ò',
  'Ç',
  '\n',
  'Ø',
  'ø',
  '\r',
  'Å',
  'å',
  // 0x10-0x1F (0x1B: escape)
  'Δ',
  '_',
  'Φ',
  'Γ',
  'Λ',
  'Ω',
  'Π',
  'Ψ',
  'Σ',
  'Θ',
  'Ξ',
  null,
  'Æ',
  'æ',
  'ß',
  'É',
  // 0x20-0x2F
  ' ',
  '!',
  '"',
  '#',
  '¤',
  '%',
  '&',
  "'",
  '(',
  ')',
  '*',
  '+',
  ',',
  '-',
  '.',
  '/',
  // 0x30-0x3F
  '0',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  ':',
  ';',
  '<',
  '=',
  '>',
  '?',
  // 0x40-0x5F
  '¡',
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  'Ä',
  'Ö',
  'Ñ',
  'Ü',
  '§',
  // 0x60-0x7F
  '¿',
  ...'abcdefghijklmnopqrstuvwxyz',
  'ä',
  'ö',
  'ñ',
  'ü',
  'à',
];
/** Extension table: code after the escape -> character. */
const EXTENSION: Readonly<Record<number, string>> = {
  10: '\f',
  20: '^',
  40: '{',
  41: '}',
  47: '\\',
  60: '[',
  61: '~',
  62: ']',
  64: '|',
  101: '€',
};

function referenceMeasure(text: string, gsm7Limit = 182, ucs2Limit = 80) {
  let septets = 0;
  for (const char of Array.from(text)) {
    if (DEFAULT_ALPHABET.indexOf(char) >= 0) septets += 1;
    else if (Object.values(EXTENSION).includes(char))
      septets += 2; // escape + code
    else {
      let units = 0;
      for (const c of Array.from(text)) units += (c.codePointAt(0) ?? 0) > 0xffff ? 2 : 1;
      return { encoding: 'UCS2', length: units, limit: ucs2Limit, fits: units <= ucs2Limit };
    }
  }
  return { encoding: 'GSM7', length: septets, limit: gsm7Limit, fits: septets <= gsm7Limit };
}

function referenceRender(title: string, items: readonly ChooserItem[], separator?: string) {
  let out = title;
  for (const item of items) {
    if (out !== '') out += '\n';
    out += item.accessKey + (separator ?? DEFAULT_CHOOSER_SEPARATOR) + item.label;
  }
  return out;
}

const gsmChar = fc.constantFrom(
  ...DEFAULT_ALPHABET.filter((c): c is string => c !== null),
  ...Object.values(EXTENSION),
);
const anyChar = fc.oneof(
  { weight: 6, arbitrary: gsmChar },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('ç', 'ê', 'Ą', '😀', '\u00a0', '`', '\t', 'ﬀ', '\ud83d'),
  },
);
const text = fc.array(anyChar, { maxLength: 250 }).map((chars) => chars.join(''));
const mostlyGsm = fc.array(gsmChar, { maxLength: 250 }).map((chars) => chars.join(''));

describe('measureScreen agrees with a GSM 03.38 reference', () => {
  it('has 127 printable characters in the default alphabet and 10 in the extension', () => {
    expect(DEFAULT_ALPHABET).toHaveLength(128);
    expect(new Set(DEFAULT_ALPHABET.filter((c) => c !== null)).size).toBe(127);
  });

  it('on texts of GSM characters only', () => {
    fc.assert(
      fc.property(mostlyGsm, (value) => {
        expect(measureScreen(value)).toEqual(referenceMeasure(value));
      }),
      { numRuns: 500 },
    );
  });

  it('on mixed texts (UCS-2, astral characters, lone surrogates) and any limits', () => {
    fc.assert(
      fc.property(text, fc.nat(300), fc.nat(120), (value, gsm7, ucs2) => {
        expect(measureScreen(value, { gsm7, ucs2 })).toEqual(referenceMeasure(value, gsm7, ucs2));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('renderChooser agrees with a line-by-line reference', () => {
  const item = fc.record({ accessKey: fc.stringMatching(/^[0-9*#]{1,3}$/), label: text });
  it('for any title, items and separator', () => {
    fc.assert(
      fc.property(
        text,
        fc.array(item, { maxLength: 12 }),
        fc.option(text, { nil: undefined }),
        (title, items, separator) => {
          const rendered = renderChooser({ title, items, separator });
          expect(rendered).toBe(referenceRender(title, items, separator));
          // And the measure of what is rendered is the reference measure of it.
          expect(measureScreen(rendered)).toEqual(referenceMeasure(rendered));
        },
      ),
      { numRuns: 500 },
    );
  });
});
