import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, BadRequestError } from '../../http/errors.js';
import type { UploadPart } from './service.js';

// Adapts @fastify/multipart's parts to the service's UploadPart, turning every failure of the
// multipart stream itself (malformed body, limits, dropped connection) into a 4xx. Errors raised
// by the consumer (the service, the database) do not pass through here.

function multipartError(request: FastifyRequest, error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (request.raw.aborted || request.raw.socket?.destroyed) return new BadRequestError('file: the upload was interrupted; nothing was changed');
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, 'payload_too_large', 'file: exceeds the upload limit; nothing was changed');
  if (code === 'FST_FILES_LIMIT') return new BadRequestError('file: send a single file part');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new BadRequestError('body: too many multipart parts');
  const detail = error instanceof Error ? error.message : String(error);
  return new BadRequestError(`body: malformed multipart/form-data (${detail}); nothing was changed`);
}

async function* fileChunks(request: FastifyRequest, file: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
  try {
    for await (const chunk of file) yield chunk;
  } catch (error) {
    throw multipartError(request, error);
  }
}

/** Bytes of an unread request body the server still reads (and drops) to keep the connection. */
export const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;

const bodyBytesRead = new WeakMap<FastifyRequest, () => number>();

function countBodyBytes(request: FastifyRequest): void {
  let read = 0;
  request.raw.on('data', (chunk: Buffer) => (read += chunk.length));
  bodyBytesRead.set(request, () => read);
}

/**
 * onSend: an answer sent before the multipart body was read to its end (an early rejection: too
 * many parts, a bad field, a file over the limit). HTTP/1.1 reads the next request on the
 * connection only after this body, so the rest is read and dropped — up to DRAIN_LIMIT_BYTES; a
 * longer rest closes the connection after the answer instead. Either way the client gets its answer
 * and the connection never hangs.
 */
export async function finishUnreadBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.destroyed || raw.aborted) return;
  const declared = Number(request.headers['content-length']);
  const read = bodyBytesRead.get(request)?.() ?? 0;
  const rest = Number.isFinite(declared) ? declared - read : Infinity;
  if (rest > DRAIN_LIMIT_BYTES) {
    reply.header('connection', 'close');
    return;
  }
  raw.unpipe();
  raw.resume();
}

export async function* uploadParts(request: FastifyRequest): AsyncIterable<UploadPart> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'unsupported_media_type', 'unsupported Content-Type: send multipart/form-data with the parts file, blacklist and type');
  }
  const parts = request.parts()[Symbol.asyncIterator]();
  for (let first = true; ; first = false) {
    let next: IteratorResult<Awaited<ReturnType<typeof parts.next>>['value']>;
    try {
      const pending = parts.next();
      // The first next() starts the parser, which pipes the body into itself; only then may a
      // 'data' listener count it (before the pipe it would let the body flow past the parser).
      if (first) countBodyBytes(request);
      next = await pending;
    } catch (error) {
      throw multipartError(request, error);
    }
    if (next.done) return;
    const part = next.value;
    if (part.type === 'field') {
      yield { kind: 'field', name: part.fieldname, value: String(part.value) };
    } else {
      const file = part.file;
      yield { kind: 'file', name: part.fieldname, chunks: fileChunks(request, file), truncated: () => file.truncated };
    }
  }
}
