/**
 * Builds the JSON Schemas and the OpenAPI 3.1 document of the wire shapes with zod's own
 * `z.toJSONSchema`, from the zod schemas and the JSON Schema rules they carry in `.meta()`
 * (amounts: `multipleOf: 0.01`; FixedAccount: `account` or `accountNumber`; unrecognised values:
 * `not: {enum: [the known ones]}`). `generateJsonSchemas.ts` writes them into `docs/schemas/`;
 * the contract test checks them against the upstream document.
 *
 * Every schema describes what is accepted on the wire (`io: 'input'`): the tolerant reader, which
 * for what ussdkit sends (app answers, acquire and push requests) is the strict writer's rules.
 * `unrepresentable: 'throw'`: a rule that cannot be written fails the build instead of becoming
 * `{}`.
 */
import { z } from 'zod';
import { UPSTREAM_DOCUMENT_VERSION } from '../src/contract/upstreamDocument';
import {
  abortReasonSchema,
  abortSessionSchema,
  actionResultSchema,
  actionSchema,
  appEndpoints,
  callbackBodies,
  closeReasonSchema,
  closeSessionSchema,
  continueSessionSchema,
  type EndpointSchemas,
  errorBody,
  newSessionSchema,
  paymentModeSchema,
  processSchema,
  referencedServiceEndpoints,
  serviceEndpoints,
  sessionCommandSchema,
  sessionInputSchema,
  viewSchema,
} from '../src/index';

/** The options of every conversion. */
export const jsonSchemaOptions = {
  io: 'input',
  target: 'draft-2020-12',
  unrepresentable: 'throw',
} as const satisfies z.core.ToJSONSchemaParams;

const toJson = (schema: z.ZodType) => z.toJSONSchema(schema, jsonSchemaOptions);

function describeEndpoints(endpoints: Record<string, EndpointSchemas>) {
  return Object.fromEntries(
    Object.entries(endpoints).map(([name, endpoint]) => [
      name,
      {
        method: endpoint.method,
        path: endpoint.path,
        ...(endpoint.request ? { request: toJson(endpoint.request) } : {}),
        ...(endpoint.response ? { response: toJson(endpoint.response) } : {}),
      },
    ]),
  );
}

/** The self-contained JSON Schemas, by file name under `docs/schemas/`. */
export function jsonSchemaFiles(): Record<string, unknown> {
  return {
    'service-endpoints.json': {
      description:
        'Endpoints of the service, called by developers. Generated from @ussdkit/protocol.',
      errorBody: toJson(errorBody),
      endpoints: describeEndpoints(serviceEndpoints),
      referencedEndpoints: {
        description:
          "The operations the spec references without showing (POST /merchant/payment, GET /merchant/accounts, GET /operation/history): the sandbox's own design after upstream's REST merchant payment, see docs/decisions/0014-merchant-and-history-endpoints.md.",
        endpoints: describeEndpoints(referencedServiceEndpoints),
      },
    },
    'app-endpoints.json': {
      description:
        "Endpoints a developer's USSD app implements, called by the gateway. Generated from @ussdkit/protocol.",
      endpoints: describeEndpoints(appEndpoints),
    },
    'callbacks.json': {
      description:
        "Bodies the service POSTs to the developer's callback URL. Generated from @ussdkit/protocol.",
      bodies: Object.fromEntries(
        Object.entries(callbackBodies).map(([name, schema]) => [name, toJson(schema)]),
      ),
    },
    'app-endpoints.openapi.json': appEndpointsOpenApi(),
  };
}

/** The components of the OpenAPI document, each a `$ref` target where it is used. */
const components: Record<string, z.ZodType> = {
  NewSession: newSessionSchema,
  SessionInput: sessionInputSchema,
  ContinueSession: continueSessionSchema,
  ActionResult: actionResultSchema,
  CloseSession: closeSessionSchema,
  CloseReason: closeReasonSchema,
  AbortSession: abortSessionSchema,
  AbortReason: abortReasonSchema,
  SessionCommand: sessionCommandSchema,
  Action: actionSchema,
  View: viewSchema,
  Process: processSchema,
  PaymentMode: paymentModeSchema,
  ErrorBody: errorBody,
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string) => ({ 'application/json': { schema: ref(name) } });

const errors = {
  '400': {
    description: 'The body is not JSON or fails the schema; `field` names the first bad field.',
    content: json('ErrorBody'),
  },
  '401': {
    description: "The Authorization header is missing or is not the app's token.",
    content: json('ErrorBody'),
  },
  '413': { description: 'The body is over the size limit.', content: json('ErrorBody') },
};

const events = {
  new: {
    request: 'NewSession',
    summary: 'A session starts: the customer dialled, or a push or a redirect started it.',
  },
  continue: {
    request: 'ContinueSession',
    summary: "The customer's input, or the result of a process the app ran.",
  },
  close: { request: 'CloseSession', summary: 'The session ended (End, Abandon, Timeout).' },
  abort: { request: 'AbortSession', summary: 'The session cannot continue.' },
} as const;

/**
 * The OpenAPI 3.1 document of the four endpoints an app implements (`docs/schemas/
 * app-endpoints.openapi.json`): OpenAPI 3.1 schemas are JSON Schema 2020-12, so the components
 * are `z.toJSONSchema` of a registry of our schemas, `$ref`s where they nest.
 */
export function appEndpointsOpenApi(): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(components)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    ...jsonSchemaOptions,
    uri: (id) => `#/components/schemas/${id}`,
  });
  const paths = Object.fromEntries(
    Object.entries(events).map(([event, { request, summary }]) => {
      const answered = event === 'new' || event === 'continue';
      const responses = answered
        ? {
            '200': {
              description: 'What the gateway shows or does next.',
              content: json('SessionCommand'),
            },
          }
        : { '204': { description: 'No content; the gateway accepts any 2xx.' } };
      return [
        `/ussdSessionEvent/${event}`,
        {
          post: {
            operationId: `${event}SessionEvent`,
            summary,
            requestBody: { required: true, content: json(request) },
            responses: { ...responses, ...errors },
          },
        },
      ];
    }),
  );
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'USSD app endpoints',
      version: UPSTREAM_DOCUMENT_VERSION,
      description:
        "The four endpoints a developer's USSD app implements, called by the gateway, as the spec defines them with the upstream 1.6.4 additions. Generated from @ussdkit/protocol by z.toJSONSchema: request schemas are what an app reads (values added upstream later are accepted), response schemas what it may answer.",
    },
    security: [{}, { appToken: [] }],
    paths,
    components: {
      securitySchemes: {
        appToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: "The app's token, sent as the raw header value.",
        },
      },
      schemas: Object.fromEntries(
        Object.entries(schemas).map(([id, schema]) => {
          // The dialect is the document's; a component is named by its key, not by an `$id`.
          const { $schema: _dialect, $id: _id, ...rest } = schema as Record<string, unknown>;
          return [id, rest];
        }),
      ),
    },
  };
}
