import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The Docker setup cannot run in CI (no daemon): its files are checked against each other, so
// that `docker compose up` gives a collector the app reaches and the backends read.
const folder = join(import.meta.dirname, '..');
const read = (path: string) => parse(readFileSync(join(folder, path), 'utf8'));

interface Pipeline {
  receivers: string[];
  processors?: string[];
  exporters: string[];
}
const collector = read('collector/otel-collector.yaml') as {
  receivers: Record<string, { protocols: Record<string, { endpoint: string }> }>;
  processors: Record<string, unknown>;
  exporters: Record<string, { endpoint?: string }>;
  service: { pipelines: Record<string, Pipeline> };
};
const compose = read('docker-compose.yml') as {
  services: Record<
    string,
    { image: string; command?: string[]; volumes?: string[]; ports?: string[] }
  >;
};

describe('the collector setup', () => {
  it('defines every component its pipelines use, for traces and metrics', () => {
    const { pipelines } = collector.service;
    expect(Object.keys(pipelines).sort()).toEqual(['metrics', 'traces']);
    for (const pipeline of Object.values(pipelines)) {
      for (const name of pipeline.receivers) expect(collector.receivers).toHaveProperty([name]);
      for (const name of pipeline.processors ?? [])
        expect(collector.processors).toHaveProperty([name]);
      for (const name of pipeline.exporters) expect(collector.exporters).toHaveProperty([name]);
    }
  });

  it('mounts the config where the collector reads it, and publishes OTLP/HTTP on 4318 (the SDK default)', () => {
    const service = compose.services['otel-collector'];
    const configPath = service?.command?.[0]?.replace('--config=', '');
    expect(service?.volumes).toContain(`./collector/otel-collector.yaml:${configPath}:ro`);
    expect(collector.receivers.otlp?.protocols.http?.endpoint).toBe('0.0.0.0:4318');
    expect(service?.ports).toContain('4318:4318');
  });

  it('sends traces to the Jaeger service, and has Prometheus scrape the prometheus exporter', () => {
    const jaeger = collector.exporters['otlp/jaeger']?.endpoint ?? '';
    expect(compose.services).toHaveProperty([jaeger.split(':')[0] ?? '']);
    const port = collector.exporters.prometheus?.endpoint?.split(':')[1];
    const prometheus = compose.services.prometheus;
    const scrape = read('collector/prometheus.yml') as {
      scrape_configs: { static_configs: { targets: string[] }[] }[];
    };
    expect(scrape.scrape_configs[0]?.static_configs[0]?.targets).toEqual([
      `otel-collector:${port}`,
    ]);
    expect(prometheus?.volumes).toContain(
      './collector/prometheus.yml:/etc/prometheus/prometheus.yml:ro',
    );
  });
});
