/**
 * Raw DEFLATE through the Compression Streams API (Node 18+, Bun, Deno, workerd, browsers): no
 * `node:zlib` on the router's path. Where a runtime lacks it, bytes pass through unchanged and
 * a flag byte says so, so either side reads what the other wrote.
 */
const STORED = 0;
const DEFLATED = 1;

/** Runs `bytes` through a transform stream and collects what comes out. */
async function pipe(
  bytes: Uint8Array,
  stream: { readonly readable: ReadableStream<Uint8Array>; readonly writable: WritableStream },
): Promise<Uint8Array<ArrayBuffer>> {
  const writer = stream.writable.getWriter();
  // Written while the output is read: a large input would otherwise wait on backpressure.
  const writing = writer.write(bytes).then(() => writer.close());
  // On bad input the reader fails first and is what throws; the writer's failure is the same.
  writing.catch(() => undefined);
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await writing;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** `bytes` compressed, behind a one-byte flag. */
export async function deflate(bytes: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  if (typeof CompressionStream !== 'function') return prefixed(STORED, bytes);
  return prefixed(DEFLATED, await pipe(bytes, new CompressionStream('deflate-raw')));
}

/** What {@link deflate} wrote; throws on bytes it did not write. */
export async function inflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const body = bytes.subarray(1);
  if (bytes[0] === STORED) return body;
  if (bytes[0] !== DEFLATED) throw new Error('unknown compression flag');
  return pipe(body, new DecompressionStream('deflate-raw'));
}

function prefixed(flag: number, bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(bytes.length + 1);
  out[0] = flag;
  out.set(bytes, 1);
  return out;
}
