import { DEMO, demoConfig, type SandboxConfig } from '@ussdkit/reference-server';

/** The demo configuration with its app pointed at `appUrl` (the fast app). */
export function benchConfig(appUrl: string): SandboxConfig {
  const config = demoConfig();
  return {
    ...config,
    apps: config.apps.map((app) => (app.appId === DEMO.appId ? { ...app, url: appUrl } : app)),
  };
}

/** The dial string of the demo app. */
export const dial = `*384*${DEMO.appCode}#`;

/** A distinct msisdn per session number. */
export function msisdnOf(i: number): string {
  return `+23480${String(i).padStart(8, '0')}`;
}
