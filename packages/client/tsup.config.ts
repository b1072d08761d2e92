import { packageBuild } from '../../tsup.base';

export default packageBuild({
  // `#createSender` (package.json `imports`) is resolved where the client runs, not here: the
  // `node` build of it can send with undici, the other one only with fetch (decision 0019).
  entry: {
    index: 'src/index.ts',
    createSender: 'src/internal/createSender.ts',
    'createSender.node': 'src/internal/node/createSender.ts',
  },
  external: ['#createSender'],
  dts: { entry: { index: 'src/index.ts' } },
});
