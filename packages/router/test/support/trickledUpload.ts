import { request } from 'node:http';

/**
 * Starts a POST that announces a large body (50 MB), sends its first chunk and never the rest,
 * and resolves with the answer's status and body. An adapter that read the body before checking
 * the token would never answer (the test then times out); one that checks first answers at once.
 */
export function trickledUpload(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(50 * 1024 * 1024) },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection });
        req.destroy();
      });
    });
    req.write('{"clientId":"c","appId":"a","sessionId":"s",');
  });
}
