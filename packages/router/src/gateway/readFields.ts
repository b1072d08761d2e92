import type { DoorHead } from '../Door';

/** The first value of each name of a form or query string. */
function firstValues(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (!Object.hasOwn(fields, name)) fields[name] = value;
  }
  return fields;
}

/** Where a request's fields are: a `GET` or `HEAD` has no body, so its query holds them. */
function sourceOf(kind: 'form' | 'json' | 'query', head: DoorHead): 'form' | 'json' | 'query' {
  return head.method === 'GET' || head.method === 'HEAD' ? 'query' : kind;
}

/**
 * A provider request's fields: its form, its JSON object, or its query string. A body that is
 * not what the provider sends gives the sentence that says so.
 */
export function readFields(
  kind: 'form' | 'json' | 'query',
  head: DoorHead,
  body: string,
): Readonly<Record<string, unknown>> | string {
  const source = sourceOf(kind, head);
  if (source === 'query') return firstValues(head.query);
  if (source === 'form') return firstValues(body);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return 'The body is not valid JSON';
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return 'The body is not a JSON object';
  }
  return json as Record<string, unknown>;
}

/** The content type a provider's requests declare, checked before the body is read. */
export function contentTypeProblem(
  kind: 'form' | 'json' | 'query',
  head: DoorHead,
): string | undefined {
  if (sourceOf(kind, head) === 'query') return undefined;
  const type = head.header('content-type') ?? '';
  const expected = kind === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  const pattern =
    kind === 'form'
      ? /^application\/x-www-form-urlencoded\s*(;|$)/i
      : /^application\/(.+\+)?json\s*(;|$)/i;
  if (pattern.test(type)) return undefined;
  return `Expected ${kind === 'form' ? 'a form' : 'JSON'} (content-type ${expected}); got ${type === '' ? 'no content-type' : type}`;
}
