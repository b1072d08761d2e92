/** How the harness writes what the customer typed on a secret screen: the same mask whatever the length. */
export const SECRET_MASK = '••••';

/** A router input screen as `app.screens` holds it; anything else is ignored. */
interface InputScreenShape {
  readonly kind: 'input';
  readonly secret?: unknown;
  readonly text?: unknown;
}

const isInputScreen = (value: unknown): value is InputScreenShape =>
  typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'input';

/**
 * The screens an app (or a flow) declares, with those of the flows it mounts (`flows`, each with
 * `screens` and flows of its own), which the customer sees as well.
 */
function declaredScreens(holder: object): unknown[] {
  const screens = 'screens' in holder ? holder.screens : undefined;
  const flows = 'flows' in holder ? holder.flows : undefined;
  const own = typeof screens === 'object' && screens !== null ? Object.values(screens) : [];
  const mounted = typeof flows === 'object' && flows !== null ? Object.values(flows) : [];
  return [
    ...own,
    ...mounted.flatMap((flow: unknown) =>
      typeof flow === 'object' && flow !== null ? declaredScreens(flow) : [],
    ),
  ];
}

/** Whether `message` shows `text`: as it is, or under a validation message the router put above. */
const shows = (message: string, text: string) => message === text || message.endsWith(`\n${text}`);

/**
 * Tells, from an InputView's message, whether the app asks a secret there (a `@ussdkit/router`
 * `input({ secret: true })`). The wire does not say (upstream's InputView has only `message`), so
 * the harness reads the app's declared screens (`app.screens`, inspectable without running it):
 *
 * 1. the message shows a secret screen's static text: secret;
 * 2. it shows another input screen's static text: not secret;
 * 3. otherwise, when a secret screen's text is computed (and so cannot be recognised): secret,
 *    since showing a PIN costs more than masking an amount;
 * 4. otherwise not secret. A handler without `screens` has no secret the harness can see:
 *    `typeSecret` masks explicitly.
 *
 * @example
 * ```ts
 * const isSecret = secretInputs(app);
 * isSecret('Wrong PIN\nEnter your PIN:'); // true for input({ text: 'Enter your PIN:', secret: true })
 * ```
 */
export function secretInputs(app: object): (message: string) => boolean {
  const inputs = declaredScreens(app).filter(isInputScreen);
  const secretTexts: string[] = [];
  const plainTexts: string[] = [];
  let computedSecret = false;
  for (const screen of inputs) {
    const secret = screen.secret === true;
    if (typeof screen.text === 'string') (secret ? secretTexts : plainTexts).push(screen.text);
    else if (secret) computedSecret = true;
  }
  return (message) => {
    if (secretTexts.some((text) => shows(message, text))) return true;
    if (plainTexts.some((text) => shows(message, text))) return false;
    return computedSecret;
  };
}
