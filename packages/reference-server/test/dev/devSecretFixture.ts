// The app `devSecrets.test.ts` serves with `runDev`: written by hand, it answers as a router app
// marks a screen that asks a secret (`Ussdkit-Input: secret`), and reports an error the way the
// router does (a `ussdkit: ` sentence on console.error) when the PIN comes.
const view = (type: 'InputView' | 'InfoView', message: string) => ({
  action: { type: 'ShowView', view: { type, message } },
  contextData: '',
});

export const app = {
  async handle(request: { path: string; body: string }) {
    const event = request.path.split('/').at(-1);
    const { sessionId } = JSON.parse(request.body) as { sessionId: string };
    if (event === 'new') {
      return {
        status: 200,
        headers: { 'Ussdkit-Input': 'secret' },
        body: view('InputView', 'PIN?'),
      };
    }
    if (event === 'continue') {
      console.error(
        `ussdkit: the continue event of session ${sessionId} failed on screen "pin"`,
        new Error('the bank is down'),
      );
      return { status: 200, body: view('InfoView', 'Service unavailable, please try again') };
    }
    return { status: 204 };
  },
};
