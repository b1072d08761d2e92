import type { ScreenLimits } from '@ussdkit/protocol';
import type { NavigationKey, NavigationOptions } from '../Navigation';
import { DEFAULT_NAVIGATION } from '../Navigation';

/** Navigation with defaults applied. */
export interface ResolvedNavigation {
  readonly back: NavigationKey | undefined;
  readonly home: NavigationKey | undefined;
  readonly more: NavigationKey;
  /** Every key in use, for collision checks and automatic item keys. */
  readonly reserved: ReadonlySet<string>;
}

export function resolveNavigation(
  options: NavigationOptions | false | undefined,
): ResolvedNavigation {
  const given: NavigationOptions =
    options === false ? { back: false, home: false } : (options ?? {});
  const back = given.back === false ? undefined : (given.back ?? DEFAULT_NAVIGATION.back);
  const home = given.home === false ? undefined : (given.home ?? DEFAULT_NAVIGATION.home);
  const more = given.more ?? DEFAULT_NAVIGATION.more;
  const reserved = new Set([more.key]);
  if (back) reserved.add(back.key);
  if (home) reserved.add(home.key);
  return { back, home, more, reserved };
}

/** Settings the engine needs, with defaults applied. */
export interface EngineSettings {
  readonly navigation: ResolvedNavigation;
  readonly limits: ScreenLimits;
}
