import { Socket } from 'node:net';

/** A reply of Redis's protocol (RESP2): a string, a number, nil or an array of replies. */
export type RedisReply = string | number | null | RedisReply[];

/**
 * Where a Redis server listens, as ioredis takes it.
 *
 * @example
 * ```ts
 * const primary: RedisAddress = await cluster.primaryOf('{session-1}');
 * ```
 */
export interface RedisAddress {
  readonly host: string;
  readonly port: number;
}

/** A reply read from the start of `text`, and where it ends; `undefined` while incomplete. */
function parse(text: Buffer, at: number): { reply: RedisReply | Error; end: number } | undefined {
  const lineEnd = text.indexOf('\r\n', at);
  if (lineEnd < 0) return undefined;
  const kind = String.fromCharCode(text[at] ?? 0);
  const line = text.toString('utf8', at + 1, lineEnd);
  const next = lineEnd + 2;
  if (kind === '+') return { reply: line, end: next };
  if (kind === '-') return { reply: new Error(line), end: next };
  if (kind === ':') return { reply: Number(line), end: next };
  const length = Number(line);
  if (kind === '$') {
    if (length < 0) return { reply: null, end: next };
    if (text.length < next + length + 2) return undefined;
    return { reply: text.toString('utf8', next, next + length), end: next + length + 2 };
  }
  if (kind !== '*') throw new Error(`unexpected Redis reply: ${JSON.stringify(line)}`);
  if (length < 0) return { reply: null, end: next };
  const items: RedisReply[] = [];
  let end = next;
  for (let i = 0; i < length; i += 1) {
    const item = parse(text, end);
    if (item === undefined) return undefined;
    if (item.reply instanceof Error) return { reply: item.reply, end: item.end };
    items.push(item.reply);
    end = item.end;
  }
  return { reply: items, end };
}

/** Encodes a command as RESP, each argument a bulk string. */
function encode(args: readonly string[]): string {
  return `*${args.length}\r\n${args.map((arg) => `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`).join('')}`;
}

/**
 * Sends one command on a connection of its own and resolves with the reply (a Redis error reply
 * rejects). The helpers poll servers with it while they are being killed and promoted: no client
 * library, whose reconnection and queues would hide what the server says.
 */
export function redisCommand(
  address: RedisAddress,
  args: readonly string[],
  timeoutMs = 1_000,
): Promise<RedisReply> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let buffered = Buffer.alloc(0);
    const fail = (error: Error): void => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () =>
      fail(new Error(`no answer from ${address.host}:${address.port} within ${timeoutMs} ms`)),
    );
    socket.once('error', fail);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const parsed = parse(buffered, 0);
      if (parsed === undefined) return;
      socket.destroy();
      if (parsed.reply instanceof Error) reject(parsed.reply);
      else resolve(parsed.reply);
    });
    socket.connect(address.port, address.host, () => socket.write(encode(args)));
  });
}
