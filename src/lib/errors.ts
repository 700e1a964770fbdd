// Typed errors thrown by services; the error handler (http/error-handler.ts) turns them into the
// envelope. Services never build HTTP responses themselves.

export type ErrorCode =
  | 'bad_request'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'uri_too_long'
  | 'unsupported_media_type'
  | 'too_many_requests'
  | 'internal_error'
  | 'service_unavailable'
  // S2: the two codes outside G5's list, which the platform's connectors branch on.
  | 'duplicated_purchase_number'
  | 'user_not_found';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, 'bad_request', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, 'not_found', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'invalid or inexistent apikey') {
    super(403, 'forbidden', message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, 'payload_too_large', message);
  }
}

/** A 400 that names the field and the rule it broke: `email: must be a valid e-mail address`. */
export function invalidField(field: string, rule: string): BadRequestError {
  return new BadRequestError(`${field}: ${rule}`);
}
