import { packageBuild } from '../../tsup.base';

export default packageBuild({
  entry: {
    index: 'src/index.ts',
    redis: 'src/redis.ts',
    cloudflare: 'src/cloudflare.ts',
    node: 'src/node.ts',
    gateway: 'src/gateway.ts',
    otel: 'src/otel.ts',
  },
});
