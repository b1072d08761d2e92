// `npm run dev` runs `ussdkit dev src/dev.ts`: the sandbox (the USSD service on your machine)
// and its web phone, with this app dialled as *384*1#. Saving a file under src/ reloads it: the
// change applies from the next dial. Options: `npx ussdkit dev --help`.
import { createUssdApp } from './app.js';

/** The app as the sandbox dials it: with the sandbox's token (`demo-token`), sessions in memory. */
export const app = createUssdApp({ authToken: 'demo-token' });
