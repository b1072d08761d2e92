import { describe, expect, it } from 'vitest';
import { hostAllowList, hostnameOf } from './hostAllowList';

describe('hostAllowList', () => {
  it('always allows the loopback names, with any port', () => {
    const allows = hostAllowList({});
    for (const host of [
      'localhost',
      'localhost:4000',
      '127.0.0.1:1',
      '[::1]:4000',
      '[::1]',
      'localhost.:80',
    ]) {
      expect(allows(host), host).toBe(true);
    }
    for (const host of [
      'evil.example',
      'localhost.evil.example',
      '127.0.0.2',
      '[::2]:4000',
      '0.0.0.0:4000',
      '',
    ]) {
      expect(allows(host), host).toBe(false);
    }
  });

  it('allows the address it listens on, and allowedHosts names or domains', () => {
    const allows = hostAllowList({
      host: '192.168.1.20',
      allowedHosts: ['sandbox', '.tunnel.example', '[fd00::1]'],
    });
    expect(allows('192.168.1.20:4000')).toBe(true);
    expect(allows('sandbox:4000')).toBe(true);
    expect(allows('tunnel.example')).toBe(true);
    expect(allows('a.b.tunnel.example:443')).toBe(true);
    expect(allows('[fd00::1]:4000')).toBe(true);
    expect(allows('eviltunnel.example')).toBe(false);
    expect(allows('sandbox.evil.example')).toBe(false);
    expect(allows('192.168.1.21:4000')).toBe(false);
  });

  it('with a wildcard address allows any IP address (which DNS rebinding cannot produce), not any name', () => {
    for (const host of ['0.0.0.0', '::', '[::]']) {
      const allows = hostAllowList({ host });
      expect(allows('192.168.1.20:4000'), host).toBe(true);
      expect(allows('[fd00::1]:4000'), host).toBe(true);
      expect(allows('evil.example:4000'), host).toBe(false);
    }
  });

  it('reads a Host header as a name without port, brackets or trailing dot, in lower case', () => {
    expect(hostnameOf('Sandbox:4000')).toBe('sandbox');
    expect(hostnameOf('[::1]:4000')).toBe('::1');
    expect(hostnameOf('example.com.')).toBe('example.com');
  });
});
