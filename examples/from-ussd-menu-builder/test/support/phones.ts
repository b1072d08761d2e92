import { africasTalking } from '@ussdkit/africastalking';
import type { UssdApp } from '@ussdkit/router';
import type UssdMenu from 'ussd-menu-builder';

/** What the phone shows after one request, and whether the customer may answer. */
export interface Screen {
  readonly shows: string;
  readonly continues: boolean;
}

/** Sends one Africa's Talking session request (`text`: every input so far, joined by `*`). */
export type Phone = (request: {
  sessionId: string;
  phoneNumber: string;
  text: string;
}) => Promise<string>;

/** Africa's Talking's answer, `CON …` or `END …`, as the phone shows it. */
export function screenOf(answer: string): Screen {
  const match = /^(CON|END) ([\s\S]*)$/.exec(answer);
  if (match === null) throw new Error(`not an Africa's Talking answer: ${JSON.stringify(answer)}`);
  return { shows: match[2] ?? '', continues: match[1] === 'CON' };
}

const serviceCode = '*384*1234#';

/** The original, run as its README shows: `menu.run(args)` resolves to `CON …` or `END …`. */
export function originalPhone(menu: UssdMenu): Phone {
  menu.on('error', (error: unknown) => {
    throw error;
  });
  return (request) => menu.run({ serviceCode, ...request });
}

/** The port, served by `@ussdkit/africastalking` and sent the form Africa's Talking posts. */
export function portPhone(app: Pick<UssdApp<unknown>, 'dispatchText' | 'graph' | 'door'>): Phone {
  const handler = africasTalking(app);
  return async (request) => {
    const body = new URLSearchParams({ ...request, serviceCode, networkCode: '63902' });
    const response = await handler(
      new Request('https://app.example/ussd', { method: 'POST', body }),
    );
    if (response.status !== 200) throw new Error(`status ${response.status}`);
    return response.text();
  };
}

let sessions = 0;

/** Dials (`text` empty), then types each input; the screen after each request. */
export async function walk(phone: Phone, inputs: readonly string[]): Promise<Screen[]> {
  const sessionId = `ATUid_${++sessions}`;
  const phoneNumber = '+254711000001';
  const screens: Screen[] = [];
  for (let typed = 0; typed <= inputs.length; typed++) {
    const text = inputs.slice(0, typed).join('*');
    screens.push(screenOf(await phone({ sessionId, phoneNumber, text })));
  }
  return screens;
}

/** One input of a path; `reask` is the line the port shows above a screen it asks again. */
export type Step = string | { readonly input: string; readonly reask: string };

/**
 * What the port must show, given what the original showed: the same, except where the original
 * asks again (it re-shows the screen silently); there the port says why on a line of its own.
 */
export function expectedPort(original: readonly Screen[], steps: readonly Step[]): Screen[] {
  return original.map((screen, index) => {
    const step = index === 0 ? undefined : steps[index - 1];
    if (typeof step !== 'object') return screen;
    const before = original[index - 1];
    if (before?.shows !== screen.shows || !screen.continues) {
      throw new Error(`the original did not ask again after ${JSON.stringify(step.input)}`);
    }
    return { shows: `${step.reask}\n${screen.shows}`, continues: true };
  });
}

/** The inputs of a path. */
export function inputsOf(steps: readonly Step[]): string[] {
  return steps.map((step) => (typeof step === 'string' ? step : step.input));
}
