import { Ajv, type ErrorObject } from 'ajv';
import { patchUpstreamDocument } from './patchUpstreamDocument';
import { upstreamDocument } from './upstreamDocument';

/** The four app endpoints, by event name. */
export type AppEvent = 'new' | 'continue' | 'close' | 'abort';

/** Outcome of one validation against the upstream document. */
export interface UpstreamValidation {
  readonly valid: boolean;
  /** Human-readable problems, each with its JSON pointer; empty when valid. */
  readonly errors: readonly string[];
}

/** Validates bodies against the (patched) upstream OpenAPI document of the app endpoints. */
export interface UpstreamValidator {
  /** A request the gateway sends to an app's `/ussdSessionEvent/<event>`. */
  appRequest(event: AppEvent, body: unknown): UpstreamValidation;
  /** An app's answer to `new` or `continue` (`UssdSessionCommand`). */
  appResponse(body: unknown): UpstreamValidation;
  /** Any schema of `components.schemas`, by its upstream name. */
  schema(name: string, body: unknown): UpstreamValidation;
  /** Every example body of the document, with where it is. */
  examples(): { where: string; kind: 'request' | 'response'; event: AppEvent; value: unknown }[];
}

/** Options of {@link createUpstreamValidator}. */
export interface UpstreamValidatorOptions {
  /**
   * Apply the three known fixes of {@link patchUpstreamDocument}.
   * @defaultValue true
   */
  readonly patched?: boolean;
}

const requestSchemas: Record<AppEvent, string> = {
  new: 'UssdSessionEvent.NewSession',
  continue: 'ContinueSession',
  close: 'CloseSession',
  abort: 'AbortSession',
};

function describe(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) =>
    `${error.instancePath || '(body)'} ${error.message ?? ''}`.trim(),
  );
}

/**
 * Builds a validator from the upstream OpenAPI document (by default the 1.6.4 document this
 * package ships, {@link upstreamDocument}), with its three known errors patched
 * ({@link patchUpstreamDocument}). Needs the optional peer `ajv`.
 *
 * @example
 * ```ts
 * const validator = createUpstreamValidator();
 * expect(validator.appResponse(answer).errors).toEqual([]);
 * ```
 */
export function createUpstreamValidator(
  document: object = upstreamDocument(),
  options: UpstreamValidatorOptions = {},
): UpstreamValidator {
  const source =
    options.patched === false ? structuredClone(document) : patchUpstreamDocument(document);
  const patched = source as {
    paths: Record<string, { post: Record<string, unknown> }>;
  };
  // OpenAPI 3.0 keywords (example, discriminator, deprecated) and descriptive `format` strings
  // are not JSON Schema vocabulary: ignore them rather than loosen any constraint.
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema(patched, 'upstream');

  const schema = (name: string, body: unknown): UpstreamValidation => {
    const validate = ajv.getSchema(`upstream#/components/schemas/${name}`);
    if (validate === undefined) throw new Error(`upstream document has no schema ${name}`);
    const valid = validate(body) as boolean;
    return { valid, errors: valid ? [] : describe(validate.errors) };
  };

  return {
    schema,
    appRequest: (event, body) => schema(requestSchemas[event], body),
    appResponse: (body) => schema('UssdSessionCommand', body),
    examples() {
      const found: ReturnType<UpstreamValidator['examples']> = [];
      for (const event of Object.keys(requestSchemas) as AppEvent[]) {
        const post = patched.paths[`/ussdSessionEvent/${event}`]?.post as
          | { requestBody?: unknown; responses?: Record<string, unknown> }
          | undefined;
        const collect = (node: unknown, kind: 'request' | 'response', where: string) => {
          const examples = (node as { content?: Record<string, { examples?: object }> } | undefined)
            ?.content?.['application/json']?.examples;
          for (const [name, example] of Object.entries(examples ?? {})) {
            found.push({
              where: `${event} ${kind} ${where}${name}`,
              kind,
              event,
              value: (example as { value: unknown }).value,
            });
          }
        };
        collect(post?.requestBody, 'request', '');
        for (const [status, response] of Object.entries(post?.responses ?? {})) {
          collect(response, 'response', `${status} `);
        }
      }
      return found;
    },
  };
}
