import { problemOf } from '../internal/looseFields';
import { type HubtelRequest, hubtelRequestSchema, hubtelTypes } from './hubtelSchemas';

/** A text field as `looseText` reads it, when it is one (`undefined`: let the schema say why). */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  return value === null || value === undefined ? '' : undefined;
}

const types: ReadonlySet<string> = new Set(hubtelTypes);

/**
 * What `hubtelRequestSchema.parse` gives for a request it accepts, read without zod; `undefined`
 * for one it might not accept, which the schema then reads and words. Every Hubtel request goes
 * through here, and the schema (a union with a transform per field, whose first branch fails on
 * Hubtel's numeric `Sequence`) took 1.0 µs a request in a loop against 0.1 µs here (decision
 * 0046). A test holds the two to the same result on every kind of value each field may hold.
 */
export function hubtelFastRead(
  fields: Readonly<Record<string, unknown>>,
): HubtelRequest | undefined {
  const id = fields.SessionId;
  const sessionId =
    typeof id === 'string' ? id.trim() : typeof id === 'number' ? (text(id) ?? '') : '';
  const type = typeof fields.Type === 'string' ? fields.Type.trim().toLowerCase() : '';
  if (sessionId === '' || !types.has(type)) return undefined;
  const Mobile = text(fields.Mobile);
  const Message = text(fields.Message);
  const ServiceCode = text(fields.ServiceCode);
  const Operator = text(fields.Operator);
  const Sequence = text(fields.Sequence);
  const ClientState = text(fields.ClientState);
  if (
    Mobile === undefined ||
    Message === undefined ||
    ServiceCode === undefined ||
    Operator === undefined ||
    Sequence === undefined ||
    ClientState === undefined
  ) {
    return undefined;
  }
  const Type = type as HubtelRequest['Type'];
  const read = {
    SessionId: sessionId,
    Mobile,
    Type,
    Message,
    ServiceCode,
    Operator,
    Sequence,
    ClientState,
  };
  const { Platform } = fields;
  if (Platform === undefined) return read;
  return typeof Platform === 'string' ? { ...read, Platform } : undefined;
}

/** A Hubtel request's fields read, or the sentence that says what is wrong with them. */
export function readHubtelRequest(
  fields: Readonly<Record<string, unknown>>,
): HubtelRequest | { readonly refused: string } {
  const fast = hubtelFastRead(fields);
  if (fast !== undefined) return fast;
  const parsed = hubtelRequestSchema.safeParse(fields);
  return parsed.success ? parsed.data : { refused: problemOf(parsed.error) };
}
