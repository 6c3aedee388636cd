import type { ApiError } from './base-api';

type PathKey = PropertyKey | { key: PropertyKey };

/** A schema error as zod and RTK Query's NamedSchemaError carry it (standard-schema issues). */
interface SchemaError {
  message: string;
  issues?: readonly { message: string; path?: readonly PathKey[] }[];
}

/**
 * The one response check of every endpoint that reads a body (docs/product.md#validation:
 * response bodies are schema-checked). A body that does not match its schema is a failed request
 * like any other: a `PARSE_ERROR` naming the first wrong field, reported and shown as a load error.
 */
export function schemaFailure(error: SchemaError): ApiError {
  const issue = error.issues?.[0];
  const path = (issue?.path ?? [])
    .map((key) => String(typeof key === 'object' ? key.key : key))
    .join('.');
  const message = issue ? `${path || '(body)'}: ${issue.message}` : error.message;
  return { status: 'PARSE_ERROR', message, correlationId: '' };
}

/**
 * Endpoint options that check the response body with `schema`:
 * `build.query({ query, ...checked(photoSchema) })`.
 */
export function checked<S>(schema: S) {
  return { responseSchema: schema, catchSchemaFailure: schemaFailure };
}

interface SafeParser<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: SchemaError };
}

/** The same check for a `queryFn` that combines several calls: the parsed body, or the error. */
export function parseResponse<T>(
  schema: SafeParser<T>,
  data: unknown,
): { data: T } | { error: ApiError } {
  const parsed = schema.safeParse(data);
  return parsed.success ? { data: parsed.data } : { error: schemaFailure(parsed.error) };
}
