import { afterEach, describe, expect, it, vi } from 'vitest';
import { deflate, inflate } from './deflate';

const text = new TextEncoder().encode(JSON.stringify({ items: Array(200).fill('airtime 500') }));

describe('deflate', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('compresses through CompressionStream and reads it back', async () => {
    const packed = await deflate(text);
    expect(packed[0]).toBe(1);
    expect(packed.length).toBeLessThan(text.length / 4);
    expect(await inflate(packed)).toEqual(text);
  });

  it('passes bytes through where the runtime has no CompressionStream, readable everywhere', async () => {
    vi.stubGlobal('CompressionStream', undefined);
    const stored = await deflate(text);
    expect(stored[0]).toBe(0);
    expect(stored.length).toBe(text.length + 1);
    vi.unstubAllGlobals();
    expect(await inflate(stored)).toEqual(text);
  });

  it('refuses bytes it did not write', async () => {
    await expect(inflate(new Uint8Array([7, 1, 2]))).rejects.toThrow(/compression flag/);
    await expect(inflate(new Uint8Array([1, 255, 255, 255]))).rejects.toThrow();
  });
});
