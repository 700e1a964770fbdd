import type { Readable } from 'node:stream';
import { Busboy, type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { countBodyBytesRead, drainUnreadBody } from '../../http/unread-body.js';
import { AppError, BadRequestError } from '../../lib/errors.js';
import type { UploadPart } from './service.js';

// L1: the multipart body, read part by part with busboy as it streams in, handed to the service as
// UploadParts in the order they arrive. Every failure of the multipart stream itself (malformed
// body, limits, dropped connection) becomes a 4xx; errors raised by the consumer (the service, the
// database) do not pass through here.
//
// Not @fastify/multipart's part iterator: it ends the parts when the request stream closes, which
// can happen while busboy still holds the last parts unparsed behind a file the consumer is still
// reading (a file sent in many small chunks on PostgreSQL lost the fields after it). Here the parts
// end only when busboy has emitted them all.

export interface UploadLimits {
  fileSize: number;
  files: number;
  fields: number;
  fieldSize: number;
  parts: number;
}

const INTERRUPTED = 'file: the upload was interrupted; nothing was changed';

/** Multipart bodies stay unread streams for the routes of this scope (the handler reads the parts). */
export function acceptMultipart(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
}

function malformed(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new BadRequestError(`body: malformed multipart/form-data (${detail}); nothing was changed`);
}

async function* fileChunks(file: Readable, failure: () => AppError | undefined): AsyncIterable<Buffer> {
  try {
    for await (const chunk of file) yield chunk as Buffer;
  } catch (error) {
    throw failure() ?? malformed(error);
  }
  const failed = failure();
  if (failed) throw failed;
}

/**
 * onSend: an answer sent before the multipart body was read to its end (an early rejection: too
 * many parts, a bad field, a file over the limit).
 * The rest is read and dropped, within O9's bounds, before the connection is closed or reused
 * (src/http/unread-body.ts); the client gets its answer and the connection never hangs.
 */
export async function finishUnreadBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  drainUnreadBody(request, reply);
}

type Queued = UploadPart | { kind: 'end' };

export async function* uploadParts(request: FastifyRequest, limits: UploadLimits): AsyncIterable<UploadPart> {
  const type = String(request.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) {
    throw new AppError(415, 'unsupported_media_type', 'unsupported Content-Type: send multipart/form-data with the parts file, blacklist and type');
  }
  let parser: BusboyInstance;
  try {
    parser = new Busboy({ headers: request.headers as BusboyHeaders, limits });
  } catch (error) {
    throw malformed(error); // no boundary, say
  }

  const queue: Queued[] = [];
  let failure: AppError | undefined;
  let currentFile: Readable | undefined;
  let wake: () => void = () => {};
  const push = (item: Queued) => {
    queue.push(item);
    wake();
  };
  const fail = (error: AppError) => {
    failure ??= error;
    currentFile?.destroy(failure);
    wake();
  };

  parser.on('field', (name: string, value: string) => push({ kind: 'field', name, value }));
  parser.on('file', (name: string, stream: Readable & { truncated?: boolean }) => {
    currentFile = stream;
    // A body cut inside the file errors the file stream, whether or not anyone reads it yet.
    stream.on('error', (error: unknown) => fail(malformed(error)));
    push({ kind: 'file', name, chunks: fileChunks(stream, () => failure), truncated: () => stream.truncated === true });
  });
  parser.on('partsLimit', () => fail(new BadRequestError('body: too many multipart parts')));
  parser.on('fieldsLimit', () => fail(new BadRequestError('body: too many multipart parts')));
  parser.on('filesLimit', () => fail(new BadRequestError('file: send a single file part')));
  parser.on('error', (error: unknown) => fail(malformed(error)));
  // busboy says 'finish' once every part has been emitted, not when its input ends.
  parser.on('finish', () => push({ kind: 'end' }));
  request.raw.on('close', () => {
    if (!request.raw.complete) fail(new BadRequestError(INTERRUPTED));
  });
  request.raw.pipe(parser);
  let read = 0;
  request.raw.on('data', (chunk: Buffer) => (read += chunk.length)); // after the pipe: never before it
  countBodyBytesRead(request, () => read);

  for (;;) {
    if (failure) throw failure;
    const item = queue.shift();
    if (!item) {
      await new Promise<void>((resolve) => (wake = resolve));
      continue;
    }
    if (item.kind === 'end') return;
    yield item;
  }
}
