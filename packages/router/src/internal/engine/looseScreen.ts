import type { Awaitable, Context, Text } from '../../Context';
import type { Screen } from '../../Screen';
import { localize } from './localize';

/** A screen as the engine handles it: state, targets and languages erased. */
export type LooseScreen = Screen<unknown, string>;

/** The context the engine builds: state erased. */
export type LooseContext = Context<unknown, string>;

/**
 * Resolves a static or computed text in `language`. Not async on purpose: a string (static, or
 * from a sync function) comes back as is, so callers await only an async text's promise and the
 * common case costs no extra turn of the event loop.
 */
export function resolveText(
  text: Text<unknown>,
  ctx: LooseContext,
  language: string,
): Awaitable<string> {
  const value = typeof text === 'function' ? text(ctx) : text;
  if (typeof value === 'string') return value;
  // Promise.resolve rather than value.then: untyped code may return a thenable.
  if (typeof value === 'object' && value !== null && typeof value.then === 'function') {
    return Promise.resolve(value).then((resolved) => localize(resolved, language));
  }
  return localize(value as Exclude<typeof value, PromiseLike<unknown>>, language);
}

/** Resolves a static value or a function of the context. */
export async function resolveValue<V>(
  value: V | ((ctx: LooseContext) => V | Promise<V>),
  ctx: LooseContext,
): Promise<V> {
  return typeof value === 'function'
    ? (value as (ctx: LooseContext) => V | Promise<V>)(ctx)
    : value;
}
