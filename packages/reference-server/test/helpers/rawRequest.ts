import { request } from 'node:http';

/** What {@link rawRequest} got back. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  /** The body parsed as JSON, or the text when it is not JSON. */
  readonly body: unknown;
  readonly text: string;
}

/**
 * One HTTP request with exactly the headers given, `Host` and `Origin` included (which `fetch`
 * does not let a caller forge): what a browser led by DNS rebinding, or a cross-site form, sends.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: {
          ...(options.body === undefined
            ? {}
            : { 'content-length': Buffer.byteLength(options.body) }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: the text
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, text });
        });
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(options.body);
  });
}
