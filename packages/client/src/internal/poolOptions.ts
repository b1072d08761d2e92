import type { ConnectionOptions } from '../ClientOptions';

/** undici `Agent`/`Pool` options from the client's connection settings (undici's defaults else). */
export function agentOptions(connection: ConnectionOptions | undefined): {
  keepAliveTimeout?: number;
  connections?: number;
  pipelining?: number;
} {
  return {
    ...(connection?.keepAliveTimeoutMs === undefined
      ? {}
      : { keepAliveTimeout: connection.keepAliveTimeoutMs }),
    ...(connection?.connections === undefined ? {} : { connections: connection.connections }),
    ...(connection?.pipelining === undefined ? {} : { pipelining: connection.pipelining }),
  };
}
