// typedoc plugin (typedoc.json): names each module after the import path users write,
// `@ussdkit/protocol/contract` rather than `protocol/src/contract`. The `@module` comments of the
// entry files cannot carry the name, since TSDoc reads `@ussdkit` in them as a tag.
import { Converter, ReflectionKind } from 'typedoc';

/**
 * `client/src` -> `@ussdkit/client`, `testing/src/msw` -> `@ussdkit/testing/msw`; the unscoped
 * `create-ussdkit-app/src` keeps its name.
 */
export function packageModuleName(name) {
  const match = /^([\w-]+)\/src(?:\/(.+))?$/.exec(name);
  if (!match) return name;
  if (match[1] === 'create-ussdkit-app') return match[1];
  return match[2] ? `@ussdkit/${match[1]}/${match[2]}` : `@ussdkit/${match[1]}`;
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const reflection of context.project.getReflectionsByKind(ReflectionKind.Module)) {
      reflection.name = packageModuleName(reflection.name);
    }
  });
}
