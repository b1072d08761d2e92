import { packageBuild } from '../../tsup.base';

export default packageBuild({
  entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
  // import.meta.url in the CommonJS build too: the templates are found next to the package.json.
  shims: true,
});
