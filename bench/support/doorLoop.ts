/**
 * The text gateways' doors in-process, without HTTP: whole sessions through `door.check` and
 * `door.answer` of `@ussdkit/africastalking` or `@ussdkit/gateways`' `hubtel`, on a memory
 * store, rounds of `sessions` each, with the time per phone event, the heap, and the store's
 * saves and deletes (ended sessions a store keeps show here). After `pnpm build`:
 * `tsx bench/support/doorLoop.ts at|hubtel [sessions] [rounds]`, or under `--cpu-prof`.
 */
import { type DoorHead, memoryStore, type SessionStore } from '@ussdkit/router';
import { africasTalkingForm, hubtelBody } from './phone';
import { ussdkitFlow } from './ussdkitFlow';

const which = process.argv[2] === 'hubtel' ? 'hubtel' : 'at';
const sessions = Number(process.argv[3] ?? 20_000);
const rounds = Number(process.argv[4] ?? 6);

const counted = memoryStore();
let saves = 0;
let deletes = 0;
const store: SessionStore = {
  ...counted,
  save: (id, record) => {
    saves += 1;
    return counted.save(id, record);
  },
  delete: (id) => {
    deletes += 1;
    return counted.delete(id);
  },
};
const app = ussdkitFlow(store);
const { door } =
  which === 'at'
    ? (await import('@ussdkit/africastalking')).africasTalking(app)
    : (await import('@ussdkit/gateways')).hubtel(app);
const type = which === 'at' ? 'application/x-www-form-urlencoded' : 'application/json';
const head: DoorHead = {
  method: 'POST',
  path: '/ussd',
  query: '',
  mounted: true,
  ip: '127.0.0.1',
  header: (name) => (name === 'content-type' ? type : undefined),
};
const bodies = (id: string) =>
  which === 'at'
    ? [africasTalkingForm(id, ''), africasTalkingForm(id, '1'), africasTalkingForm(id, '1*500')]
    : [
        hubtelBody(id, 'Initiation', '*384*12#', 1),
        hubtelBody(id, 'Response', '1', 2),
        hubtelBody(id, 'Response', '500', 3),
      ];

async function session(id: string): Promise<void> {
  for (const body of bodies(id)) {
    if (door.check(head) !== undefined) throw new Error('refused');
    const reply = await door.answer(head, body, false, undefined);
    if (reply.status !== 200) throw new Error(String(reply.body));
  }
}

for (let i = 0; i < 5000; i++) await session(`warm-${i}`);
for (let r = 0; r < rounds; r++) {
  const started = performance.now();
  for (let i = 0; i < sessions; i++) await session(`s${r}-${i}`);
  const perEvent = ((performance.now() - started) * 1000) / (sessions * 3);
  const heap = Math.round(process.memoryUsage().heapUsed / 1e6);
  console.log(
    `${which}: ${perEvent.toFixed(2)} µs an event, heap ${heap} MB, ${saves} saves, ${deletes} deletes`,
  );
}
