/**
 * Word-wraps `text` to lines of at most `width` characters: existing line breaks are kept,
 * words move whole to the next line, and a word longer than a line is cut.
 *
 * @example
 * ```ts
 * wrapText('Choose a product to buy', 10); // ['Choose a', 'product to', 'buy']
 * ```
 */
export function wrapText(text: string, width: number): string[] {
  if (!Number.isInteger(width) || width < 1)
    throw new RangeError('width must be a positive integer');
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      let rest = word;
      while (rest.length > width) {
        if (line !== '') lines.push(line);
        lines.push(rest.slice(0, width));
        rest = rest.slice(width);
        line = '';
      }
      if (line === '') line = rest;
      else if (line.length + 1 + rest.length <= width) line = `${line} ${rest}`;
      else {
        lines.push(line);
        line = rest;
      }
    }
    lines.push(line);
  }
  return lines;
}
