import { STATUS_CODES } from 'node:http';

/** The JSON body of every 4xx/5xx answer (docs/conventions.md "API errors"). */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  /** The offending input: `body.x`, `query.x`, `params.x`, `headers.authorization`… */
  field?: string;
  /** The request's correlation id, added to every error answer (`http/error-handler.ts`). */
  correlationId?: string;
}

/**
 * Throw this from a route or hook to answer with a JSON error naming the field, e.g.
 * `throw new HttpError(404, 'Album not found', 'params.id')`. The app's error handler turns it
 * into {@link ErrorBody}.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly field: string | undefined;

  constructor(statusCode: number, message: string, field?: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.field = field;
  }
}

export function errorBody(statusCode: number, message: string, field?: string): ErrorBody {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(field === undefined ? {} : { field }),
  };
}
