import { measureScreen } from '@ussdkit/protocol';
import { describe, expect, it } from 'vitest';
import { pageKeys, splitText, type TextPaging, textPageView } from './textPages';

const more = { key: '98', label: 'More' };
const back = { key: '0', label: 'Back' };
const input: TextPaging = { more, back, final: false };
const info: TextPaging = { more, back, final: true };

/** What the phone shows for each page of a split text. */
const screens = (text: string, paging: TextPaging, limits = {}) => {
  const pages = splitText(text, paging, limits);
  return pages.map((_, page) => {
    const view = textPageView(paging.final ? 'info' : 'input', pages, page, paging);
    return view.type === 'ChooserView'
      ? [view.title, ...view.items.map((item) => `${item.accessKey}. ${item.label}`)].join('\n')
      : view.message;
  });
};

describe('splitText', () => {
  it('keeps a text that fits as one page, unchanged', () => {
    expect(splitText('Hello', input, {})).toEqual(['Hello']);
    expect(splitText('x'.repeat(182), info, {})).toEqual(['x'.repeat(182)]);
  });

  it('cuts at spaces, every page within the limit with its keys, nothing lost', () => {
    const words = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
    const pages = splitText(words, info, {});
    expect(pages.length).toBeGreaterThan(3);
    expect(pages.join(' ')).toBe(words);
    for (const page of pages) expect(page).toMatch(/^word\d+( word\d+)*$/);
    for (const shown of screens(words, info)) expect(measureScreen(shown).fits).toBe(true);
  });

  it('fills each page as far as the keys leave room (a GSM page of an input: 182 septets)', () => {
    const text = 'a'.repeat(500);
    const shown = screens(text, input);
    expect(shown[0]).toBe(`${'a'.repeat(173)}\n98. More`);
    expect(shown[1]).toBe(`${'a'.repeat(165)}\n98. More\n0. Back`);
    expect(shown[2]).toBe(`${'a'.repeat(162)}\n0. Back`);
    expect(shown.map((page) => measureScreen(page).length)).toEqual([182, 182, 170]);
  });

  it('measures each page in its own encoding: a page with ɗ gets the UCS-2 80, the others 182', () => {
    const text = `${'a '.repeat(100)}ɗ ${'b '.repeat(100)}`.trim();
    const shown = screens(text, info);
    for (const page of shown) expect(measureScreen(page).fits).toBe(true);
    const ucs2 = shown.filter((page) => measureScreen(page).encoding === 'UCS2');
    expect(ucs2).toHaveLength(1);
    expect(ucs2[0]).toContain('ɗ');
    expect(shown.some((page) => measureScreen(page).length > 80)).toBe(true);
  });

  it('never splits a surrogate pair, and cuts a word longer than a page', () => {
    const text = '😀'.repeat(100); // two UTF-16 units each: 40 a UCS-2 page at most
    const pages = splitText(text, info, {});
    expect(pages.join('')).toBe(text);
    for (const page of pages) expect(page).toMatch(/^(😀)+$/u);
    for (const shown of screens(text, info)) expect(measureScreen(shown).fits).toBe(true);
  });

  it('ends even when the keys alone do not fit the limit: one character a page', () => {
    const pages = splitText('abcdef', input, { gsm7: 3 });
    expect(pages).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });
});

describe('pageKeys', () => {
  it('gives more on every page but the last, back on every page but the first', () => {
    expect(pageKeys(input, 0, false)).toEqual([more]);
    expect(pageKeys(input, 1, false)).toEqual([more, back]);
    expect(pageKeys(input, 2, true)).toEqual([back]);
    expect(pageKeys(info, 2, true)).toEqual([]);
    expect(pageKeys({ ...input, back: undefined }, 1, false)).toEqual([more]);
  });
});
