import type { UssdApp } from '@ussdkit/router';
import type UssdMenu from 'ussd-menu-builder';
import { expect } from 'vitest';
import { fakeServices, type Services } from '../../src/services';
import {
  expectedPort,
  inputsOf,
  originalPhone,
  portPhone,
  type Screen,
  type Step,
  walk,
} from './phones';

/** An original and its port, each made over its own services. */
export interface Pair {
  readonly original: (services: Services) => UssdMenu;
  readonly port: (services: Services) => Pick<UssdApp<unknown>, 'dispatchText' | 'graph' | 'door'>;
}

/** What both showed along one path, and what each did with its services. */
export interface SideBySide {
  readonly original: Screen[];
  readonly port: Screen[];
  readonly originalServices: Services;
  readonly portServices: Services;
}

/**
 * Walks the same path on the original and on the port, checks that the port shows what the
 * original shows (re-asks aside, see `expectedPort`) and did the same with its services.
 */
export async function sideBySide(pair: Pair, steps: readonly Step[]): Promise<SideBySide> {
  const originalServices = fakeServices();
  const portServices = fakeServices();
  const inputs = inputsOf(steps);
  const original = await walk(originalPhone(pair.original(originalServices)), inputs);
  const port = await walk(portPhone(pair.port(portServices)), inputs);
  expect(port).toEqual(expectedPort(original, steps));
  expect(portServices.airtime).toEqual(originalServices.airtime);
  return { original, port, originalServices, portServices };
}

/** The last screen of a walk. */
export function last(screens: readonly Screen[]): Screen {
  const screen = screens.at(-1);
  if (screen === undefined) throw new Error('no screen');
  return screen;
}
