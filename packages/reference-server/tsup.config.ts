import { packageBuild } from '../../tsup.base';

export default packageBuild({
  entry: {
    index: 'src/index.ts',
    cli: 'src/cli.ts',
    'rules/index': 'src/rules/index.ts',
    'service/index': 'src/service/index.ts',
    'dev/index': 'src/dev/index.ts',
  },
});
