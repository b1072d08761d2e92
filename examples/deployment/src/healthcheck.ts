// The container's HEALTHCHECK: `node dist/healthcheck.js` exits 0 when /healthz answers 200.
// Slim Node images have no curl or wget; Node's fetch does the job.
const port = process.env.PORT ?? '3000';

export {};

try {
  const response = await fetch(`http://127.0.0.1:${port}/healthz`, {
    signal: AbortSignal.timeout(2000),
  });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
