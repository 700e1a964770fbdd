import type { FastifyRequest } from 'fastify';
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

export async function* uploadParts(request: FastifyRequest): AsyncIterable<UploadPart> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'unsupported_media_type', 'unsupported Content-Type: send multipart/form-data with the parts file, blacklist and type');
  }
  const parts = request.parts()[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Awaited<ReturnType<typeof parts.next>>['value']>;
    try {
      next = await parts.next();
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
