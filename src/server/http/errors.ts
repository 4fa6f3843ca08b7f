/** One problem with one field of a request, as returned in `errors`. */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * A failure the client can act on. `detail` is the human sentence the client shows; it is the
 * contract. Thrown anywhere below a handler and turned into a JSON response by `withApi`.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;
  /** More of the answer beside `detail`, for a client to act on (e.g. the next open days on a 409). */
  readonly body: Record<string, unknown> | undefined;

  constructor(
    status: number,
    detail: string,
    options: { errors?: FieldError[]; headers?: Record<string, string>; body?: Record<string, unknown> } = {},
  ) {
    super(detail);
    this.name = 'HttpError';
    this.status = status;
    this.detail = detail;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
    this.body = options.body;
  }
}

export const badRequest = (detail: string, errors?: FieldError[]) =>
  new HttpError(400, detail, errors ? { errors } : {});
export const unauthorized = (detail = 'Authentication required') =>
  new HttpError(401, detail, { headers: { 'WWW-Authenticate': 'Bearer' } });
export const forbidden = (detail = 'You do not have permission to do this') => new HttpError(403, detail);
export const notFound = (detail = 'Not found') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new HttpError(429, detail, { headers: { 'Retry-After': String(retryAfterSeconds) } });
