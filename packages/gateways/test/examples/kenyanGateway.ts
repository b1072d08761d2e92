// packages/gateways/test/examples/kenyanGateway.ts: a provider of your own, declared with defineGateway
import { type DoorReply, defineGateway, type TextAnswer } from '@ussdkit/gateways';
import { z } from 'zod';

// The gateway calls GET <your URL>?SESSIONID=…&USSDCODE=*415*33%23&MSISDN=254…&INPUT=…, where
// INPUT is the whole dialled string grown by each answer: *415*33#, then *415*33*1#, then
// *415*33*1*500# (the shape Advanta, FastMessage and Speedocom document). It wants text back,
// `CON …` to go on, `END …` to finish.
const field = (name: string) =>
  z.string({ error: `${name} is missing` }).min(1, `${name} is empty`);
const query = z.object({
  SESSIONID: field('SESSIONID'),
  USSDCODE: field('USSDCODE'),
  MSISDN: field('MSISDN'),
  INPUT: z.string().default(''),
});

/** What INPUT adds to the code, as a path of inputs: `*415*33*1*500#` gives `1*500`. */
function pathOf(code: string, input: string): string | undefined {
  const base = code.endsWith('#') ? code.slice(0, -1) : code;
  if (input === '' || input === `${base}#`) return '';
  if (!input.startsWith(`${base}*`) || !input.endsWith('#')) return undefined;
  return input.slice(base.length + 1, -1);
}

const text = (status: number, body: string): DoorReply => ({
  status,
  type: 'text/plain; charset=utf-8',
  body,
});

const said = (answer: TextAnswer): string =>
  answer.type === 'screen' ? `${answer.ends ? 'END' : 'CON'} ${answer.text}` : 'END';

export const kenyanGateway = defineGateway({
  name: 'kenya-get',
  title: 'the Kenyan gateway',
  fields: 'query',
  methods: ['GET'],
  screenLimit: 182,
  read({ fields }) {
    const parsed = query.safeParse(fields);
    if (!parsed.success) return { refused: parsed.error.issues[0]?.message ?? 'bad query' };
    const { SESSIONID: sessionId, USSDCODE: serviceCode, MSISDN: msisdn, INPUT } = parsed.data;
    const path = pathOf(serviceCode, INPUT);
    if (path === undefined) return { refused: `INPUT ${INPUT} does not extend ${serviceCode}` };
    // A path, as Africa's Talking's `text`: the router keeps what it has read of it.
    const dial = INPUT === '' ? serviceCode : INPUT;
    return { type: 'path', sessionId, msisdn, dial, path, serviceCode };
  },
  write: (answer) =>
    answer.type === 'refused' ? text(answer.status, answer.message) : text(200, said(answer)),
});
