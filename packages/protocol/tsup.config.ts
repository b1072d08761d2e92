import { packageBuild } from '../../tsup.base';

export default packageBuild({
  entry: { index: 'src/index.ts', 'contract/index': 'src/contract/index.ts' },
});
