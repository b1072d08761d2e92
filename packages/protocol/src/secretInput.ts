/**
 * The response header with which an app marks an answer whose screen asks a secret
 * (`Ussdkit-Input: secret` on its 200 answer to `new` or `continue`, native JSON or a text
 * gateway's `CON …`): the sandbox then masks the phone's next input wherever it shows or keeps
 * it. The real gateway ignores headers it does not know (decision 0034). `@ussdkit/router` sends
 * it for an `input({ secret: true })`.
 *
 * @example
 * ```ts
 * new Response(body, { headers: { [SECRET_INPUT_HEADER]: SECRET_INPUT_VALUE } });
 * ```
 */
export const SECRET_INPUT_HEADER = 'ussdkit-input';

/**
 * The value of {@link SECRET_INPUT_HEADER} that marks a secret.
 *
 * @example
 * ```ts
 * response.headers.get(SECRET_INPUT_HEADER) === SECRET_INPUT_VALUE;
 * ```
 */
export const SECRET_INPUT_VALUE = 'secret';
