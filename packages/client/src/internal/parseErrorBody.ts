import { errorBodySchema } from '@ussdkit/protocol';

/** Reads `{code, message}` from an error answer's text; `undefined` when it is not that shape. */
export function parseErrorBody(text: string): { code: string; message: string } | undefined {
  try {
    const result = errorBodySchema.safeParse(JSON.parse(text));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}
