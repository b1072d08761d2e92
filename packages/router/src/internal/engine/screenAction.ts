import type { Awaitable } from '../../Context';
import type { ChooserScreen } from '../../Screen';
import { cloneJson } from '../session/cloneJson';
import type { Answer, Scope } from '../session/Scope';
import type { KeyedItem } from './assignKeys';
import { canGoBack } from './flowFrames';
import { type LooseScreen, resolveText, resolveValue } from './looseScreen';
import { navigationItems, type PageNavigation, pageItems, paginate } from './paginate';
import type { EngineSettings } from './resolved';
import { localizedItems, staticList, staticPages } from './staticChooser';
import { splitText, type TextPaging, textPageView } from './textPages';

/**
 * Renders a screen into the answer that shows or runs it (storing what its result will need), in
 * the language of `settings`.
 */
export async function screenAction(
  scope: Scope,
  screen: LooseScreen,
  settings: EngineSettings,
  notice?: string,
): Promise<Answer> {
  const { data, ctx } = scope;
  const prefix = notice === undefined ? '' : `${notice}\n`;
  switch (screen.kind) {
    case 'input': {
      const text = resolveText(screen.text, ctx, settings.language);
      const message = prefix + (typeof text === 'string' ? text : await text);
      return textScreen(
        scope,
        message,
        textPaging('input', settings, screen.navigation),
        settings.limits,
      );
    }
    case 'chooser':
      if (typeof screen.items === 'function') {
        data.items = localizedItems(await screen.items(ctx), settings);
        const clash = data.items.find((item) => settings.navigation.reserved.has(item.key));
        if (clash)
          throw new Error(`chooser "${data.screen}": key "${clash.key}" is a navigation key`);
      }
      return chooserPage(scope, screen, settings, prefix);
    case 'info': {
      const text = resolveText(screen.text, ctx, settings.language);
      const message = typeof text === 'string' ? text : await text;
      return textScreen(scope, message, textPaging('info', settings), settings.limits);
    }
    case 'merchantPayment': {
      const request = await resolveValue(screen.payment, ctx);
      const operationId = request.operationId ?? crypto.randomUUID();
      data.operationId = operationId;
      const process = {
        type: 'MerchantPaymentProcess' as const,
        operationId,
        merchantCode: request.merchantCode,
        amount: request.amount,
        // Copies: the answer is kept with the session, and these objects are the handler's.
        paymentMode: cloneJson(request.paymentMode ?? { type: 'Flexible' as const }),
        ...(request.executionMode === undefined
          ? {}
          : { executionMode: cloneJson(request.executionMode) }),
      };
      return { command: { action: { type: 'RunProcess', process } } };
    }
    case 'embeddedProcess': {
      const params = { ...(await resolveValue(screen.params ?? {}, ctx)) };
      const process = { type: 'EmbeddedProcess' as const, processId: screen.processId, params };
      return { command: { action: { type: 'RunProcess', process } } };
    }
    case 'redirect': {
      const process =
        screen.process === undefined ? undefined : await resolveValue(screen.process, ctx);
      return {
        command: {
          action: {
            type: 'Redirect',
            destinationAppId: screen.destinationAppId,
            ...(process === undefined
              ? {}
              : { process: { id: process.id, params: { ...process.params } } }),
          },
        },
      };
    }
    case 'returnFromRedirect': {
      const resultParams = { ...(await resolveValue(screen.resultParams, ctx)) };
      return { command: { action: { type: 'ReturnFromRedirect', resultParams } } };
    }
    case 'callFlow':
      // The engine enters the flow instead of showing this screen.
      throw new Error(`screen "${data.screen}" calls a flow: it is entered, not shown`);
    case 'legacyAppRedirect': {
      const text = resolveText(screen.uri, ctx, settings.language);
      const uri = typeof text === 'string' ? text : await text;
      return { command: { action: { type: 'LegacyAppRedirect', uri } } };
    }
  }
}

/**
 * How an info or input text is paged: `more` forward, `back` to the previous page (not on an
 * input whose `navigation` is false: there the back key is an answer).
 */
export function textPaging(
  kind: 'input' | 'info',
  settings: EngineSettings,
  navigation?: boolean,
): TextPaging {
  const { more, back } = settings.navigation;
  return { more, back: navigation === false ? undefined : back, final: kind === 'info' };
}

/**
 * An info or input text from its first page: one that fits is shown as it is; a longer one is
 * split into pages kept in the session (`data.pages`), so every page is within the limit.
 */
function textScreen(
  scope: Scope,
  message: string,
  paging: TextPaging,
  limits: EngineSettings['limits'],
): Answer {
  const pages = splitText(message, paging, limits);
  scope.data.pages = pages.length > 1 ? pages : undefined;
  const view = textPageView(paging.final ? 'info' : 'input', pages, 0, paging);
  return { command: { action: { type: 'ShowView', view } } };
}

/** The items of a chooser with their keys (computed ones come from the session). */
export function chooserItems(
  scope: Scope,
  screen: ChooserScreen<unknown, string, unknown>,
  settings: EngineSettings,
): readonly KeyedItem[] {
  if (typeof screen.items === 'function') return scope.data.items ?? [];
  return staticList(screen.items, settings).items;
}

/**
 * Renders the session's current page of a chooser, with the navigation items. A promise only when
 * the title is an async text: paging through a static or sync title stays synchronous.
 */
export function chooserPage(
  scope: Scope,
  screen: ChooserScreen<unknown, string, unknown>,
  settings: EngineSettings,
  prefix = '',
): Awaitable<Answer> {
  const title = resolveText(screen.title, scope.ctx, settings.language);
  // Promise.resolve rather than title.then: untyped code may return a thenable or a plain value.
  return typeof title === 'string'
    ? renderPage(scope, screen, settings, prefix + title)
    : Promise.resolve(title).then((text) => renderPage(scope, screen, settings, prefix + text));
}

/** The page itself, once the title is known. */
function renderPage(
  scope: Scope,
  screen: ChooserScreen<unknown, string, unknown>,
  settings: EngineSettings,
  title: string,
): Answer {
  const { data } = scope;
  const items = chooserItems(scope, screen, settings);
  if (items.length === 0) throw new Error(`chooser "${data.screen}" has no items to show`);
  // A literal, not a spread of the settings: on Node 20 adding a key to a spread copy costs
  // about a microsecond (a new hidden class each time).
  const { back, home, more } = settings.navigation;
  const off = screen.navigation === false;
  const nav: PageNavigation = {
    back: off ? undefined : back,
    home: off ? undefined : home,
    more,
    hasHistory: canGoBack(data),
  };
  const pages =
    typeof screen.items === 'function'
      ? paginate(title, items, screen.separator, nav, settings.limits)
      : staticPages(staticList(screen.items, settings), title, screen.separator, nav, settings);
  const page = Math.min(data.page, pages.length - 1);
  const [start, end] = pages[page] ?? [0, 0];
  const view = {
    type: 'ChooserView' as const,
    title,
    items: pageItems(
      items.slice(start, end),
      navigationItems(nav, page, page === pages.length - 1),
    ),
    ...(screen.separator === undefined ? {} : { separator: screen.separator }),
  };
  return { command: { action: { type: 'ShowView', view } } };
}
