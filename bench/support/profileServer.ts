/**
 * A CPU profile of one server of the race (`versusIncumbent.ts`) under its load. After
 * `pnpm build`: `tsx bench/support/profileServer.ts <kind> <dir> [seconds]` (kinds as in
 * `raceServer.ts`: umb, at-express, at-hono, bare-express, express, bare-hono, hono) starts the
 * server with `--cpu-prof --cpu-prof-dir=<dir>`, walks whole sessions against it as the race
 * does (16 at a time), stops it (the profile is written on exit) and prints the requests served,
 * for `summarizeProfile.ts --per <requests>`.
 */
import { startChild } from './child';
import { raceGateways } from './raceGateways';
import { sessionLoad } from './sessionLoad';

const [kind = 'express', dir = '/tmp/ussdkit-server-prof', seconds = '10'] = process.argv.slice(2);
const server = await startChild<{ ports: number[] }>(
  'support/raceServer.ts',
  [kind],
  ['--cpu-prof', `--cpu-prof-dir=${dir}`],
);
try {
  const origin = `http://127.0.0.1:${server.ready.ports[0]}`;
  const gateway = raceGateways.find((g) => kind.startsWith(`${g.name}-`));
  const protocol = kind === 'umb' ? 'africasTalking' : (gateway?.protocol ?? 'native');
  const path = gateway?.path ?? '/ussd';
  await sessionLoad(origin, protocol, path, 16, 3); // warm-up, in the profile too
  const run = await sessionLoad(origin, protocol, path, 16, Number(seconds));
  const requests = Math.round(run.requestsPerSecond * Number(seconds));
  console.log(JSON.stringify({ kind, ...run, requests }));
} finally {
  await server.stop();
}
