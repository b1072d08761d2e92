import { ALREADY_INITIATED, errorBodySchema } from '@ussdkit/protocol';

/** What bare plain-text codes mean, for the error's message. */
const plainCodes: Readonly<Record<string, string>> = {
  [ALREADY_INITIATED]:
    'this operationId was already used (a merchant payment, an acquire or a process of the same developer); give every operation a new operationId',
};

/**
 * Reads `{code, message}` from an error answer's text; `undefined` when it is not that shape. A
 * bare upper-case code as plain text (upstream's `ALREADY_INITIATED`) is read as that code.
 */
export function parseErrorBody(text: string): { code: string; message: string } | undefined {
  const bare = text.trim();
  if (/^[A-Z][A-Z0-9_]*$/.test(bare)) {
    return { code: bare, message: plainCodes[bare] ?? `the service answered ${bare}` };
  }
  try {
    const result = errorBodySchema.safeParse(JSON.parse(text));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}
