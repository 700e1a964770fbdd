/**
 * Every non-2xx answer of the API, as the error envelope says it: HTTP `status`, the envelope's
 * `code` (`bad_request`, `forbidden`, `not_found`, `duplicated_purchase_number`, …) and `message`
 * (it names the field and the rule), and the `X-Request-Id` the server logged it under.
 */
export class RapportError extends Error {
  override readonly name = 'RapportError';
  readonly status: number;
  readonly code: string;
  readonly requestId: string | null;
  /** Seconds the server asked to wait (429, 503), when it said so. */
  readonly retryAfter: number | null;

  constructor(init: { status: number; code: string; message: string; requestId?: string | null; retryAfter?: number | null }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId ?? null;
    this.retryAfter = init.retryAfter ?? null;
  }

  /** From an error response and its parsed body; a body that is not the envelope (a proxy's page) still gives a status. */
  static fromResponse(response: Response, body: unknown): RapportError {
    const envelope = isRecord(body) ? body : {};
    const retryAfter = Number(response.headers.get('retry-after'));
    return new RapportError({
      status: response.status,
      code: typeof envelope.code === 'string' ? envelope.code : `http_${response.status}`,
      message:
        typeof envelope.message === 'string'
          ? envelope.message
          : typeof body === 'string' && body.trim() !== ''
            ? body.trim().slice(0, 500)
            : response.statusText || `HTTP ${response.status}`,
      requestId: response.headers.get('x-request-id'),
      retryAfter: response.headers.has('retry-after') && Number.isFinite(retryAfter) ? retryAfter : null,
    });
  }
}

/** `waitForRequest` ran out of time before the background request was done or failed. */
export class RapportTimeoutError extends Error {
  override readonly name = 'RapportTimeoutError';
  constructor(
    readonly requestId: string,
    /** The last status seen (`pending`, `running`), or null when none was read. */
    readonly lastStatus: string | null,
    timeoutMs: number,
  ) {
    super(`background request ${requestId} was not finished after ${timeoutMs} ms (last status: ${lastStatus ?? 'unknown'})`);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
