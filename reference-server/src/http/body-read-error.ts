/**
 * What went wrong reading a request body, for surfaces that answer in their own error shape
 * (RFC 6749 JSON, the sign-in error page, GraphQL `errors[]`) instead of the REST body.
 *
 * body-parser's refusals carry a 4xx status; most have a `type` (`entity.parse.failed`,
 * `entity.too.large`, `charset.unsupported`, `encoding.unsupported`, `parameters.too.many`), but a
 * gzip body that does not inflate arrives as a bare 400 wrapping the zlib error, so the status
 * decides, not the type.
 */
export interface BodyReadError {
  status: number;
  /** One sentence for the caller: what to send instead. */
  message: string;
}

interface ParserError {
  status?: number;
  statusCode?: number;
  type?: string;
}

export function bodyReadError(error: unknown, limit: string): BodyReadError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { type, status = (error as ParserError).statusCode } = error as ParserError;
  if (status === undefined || status < 400 || status >= 500) return undefined;
  switch (type) {
    case 'entity.too.large':
      return { status: 413, message: `The request body is larger than ${limit}.` };
    case 'charset.unsupported':
      return { status: 415, message: 'Send the body in UTF-8.' };
    case 'encoding.unsupported':
      return { status: 415, message: 'Send the body without a Content-Encoding, or gzip / deflate / br.' };
    case 'parameters.too.many':
      return { status: 413, message: 'The request body has too many parameters.' };
    default:
      return { status: 400, message: 'The request body could not be read.' };
  }
}
