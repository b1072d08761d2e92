import type { Post } from './phones/Phone';
import type { Served } from './protocols';
import { type RunningServer, startExpress, startHono } from './servers';

/** The handlers called directly with each `Request`, routed by the path as the servers route it. */
async function inProcess(mounts: Readonly<Record<string, Served>>): Promise<RunningServer> {
  const post: Post = (request) => {
    const name = new URL(request.url).pathname.split('/')[2] ?? '';
    const served = mounts[name];
    if (served === undefined) throw new Error(`nothing mounted at /ussd/${name}`);
    return served.fetch(request);
  };
  return { post, close: async () => {} };
}

/** How a test reaches the handlers: in-process, or over real HTTP through Express or Hono. */
export const transports = [
  ['in-process', inProcess],
  ['Express (real HTTP, toNodeHandler)', startExpress],
  ['Hono (real HTTP, @hono/node-server)', startHono],
] as const;
