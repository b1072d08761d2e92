import { describe, expect, it } from 'vitest';
import { shownUrl } from './shownUrl';

describe('shownUrl', () => {
  it('hides the query, where a secret may be', () => {
    expect(shownUrl('http://127.0.0.1:3000/at?secret=s3cret')).toBe('http://127.0.0.1:3000/at?…');
  });

  it('shows a URL without a query as it is', () => {
    expect(shownUrl('http://127.0.0.1:3000/at')).toBe('http://127.0.0.1:3000/at');
  });
});
