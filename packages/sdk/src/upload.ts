// L1: the blacklist upload is multipart/form-data with the `file` part first and the `blacklist`
// and `type` fields after it, as the platform's client sends it. The body is built around the
// file without reading it into memory: a Blob (a file opened with fs.openAsBlob, or a browser
// File) stays a reference to the file, and a stream is passed through chunk by chunk.

/** What can be uploaded: a file path (Node.js), a Blob or File, a web ReadableStream, or any async iterable of bytes (a Node.js Readable). */
export type UploadSource = string | URL | Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>;

export interface MultipartBody {
  body: Blob | ReadableStream<Uint8Array>;
  contentType: string;
  /** A Blob body can be sent again (retries); a stream can be read once only. */
  replayable: boolean;
}

const NODE_FS = 'node:fs'; // a variable, so bundlers for the browser leave the import alone

function boundary(): string {
  let text = '';
  while (text.length < 24) text += Math.random().toString(36).slice(2);
  return `----RapportSdk${text.slice(0, 24)}`;
}

/** A quoted-string of Content-Disposition, escaped as browsers escape file names. */
function quoted(value: string): string {
  return `"${value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

function filenameOf(source: UploadSource, given: string | undefined): string {
  if (given) return given;
  if (typeof source === 'string' || source instanceof URL) {
    const path = typeof source === 'string' ? source : source.pathname;
    return path.split(/[\\/]/).pop() || 'upload.csv';
  }
  if (typeof Blob !== 'undefined' && source instanceof Blob && 'name' in source && typeof source.name === 'string' && source.name) return source.name;
  return 'upload.csv';
}

async function openFile(path: string | URL): Promise<Blob> {
  const fs = (await import(/* @vite-ignore */ NODE_FS)) as typeof import('node:fs');
  await fs.promises.access(path, fs.constants.R_OK); // ENOENT, EACCES named by the path
  return fs.openAsBlob(path, { type: 'text/csv' });
}

function streamOf(head: string, source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>, tail: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next: () => Promise<IteratorResult<Uint8Array | string>>;
  let stop: (reason: unknown) => Promise<unknown>;
  if (Symbol.asyncIterator in source) {
    const iterator = (source as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator]();
    next = () => iterator.next();
    stop = async (reason) => iterator.return?.(reason);
  } else {
    const reader = (source as ReadableStream<Uint8Array>).getReader();
    next = () => reader.read() as Promise<IteratorResult<Uint8Array>>;
    stop = (reason) => reader.cancel(reason);
  }
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head));
    },
    // One chunk per pull: the network's pace decides how much is read (backpressure).
    async pull(controller) {
      const { value, done } = await next();
      if (done) {
        controller.enqueue(encoder.encode(tail));
        controller.close();
      } else if (value.length > 0) {
        controller.enqueue(typeof value === 'string' ? encoder.encode(value) : value);
      }
    },
    async cancel(reason) {
      await stop(reason);
    },
  });
}

/** The multipart body of `POST /account/blacklist`: `file` first, then `blacklist` and `type`. */
export async function blacklistMultipart(
  source: UploadSource,
  fields: { blacklist: string; type: string },
  filename?: string,
): Promise<MultipartBody> {
  const mark = boundary();
  const head =
    `--${mark}\r\nContent-Disposition: form-data; name="file"; filename=${quoted(filenameOf(source, filename))}\r\n` +
    'Content-Type: text/csv\r\n\r\n';
  const tail =
    `\r\n--${mark}\r\nContent-Disposition: form-data; name="blacklist"\r\n\r\n${fields.blacklist}` +
    `\r\n--${mark}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${fields.type}\r\n--${mark}--\r\n`;
  const contentType = `multipart/form-data; boundary=${mark}`;
  const file = typeof source === 'string' || source instanceof URL ? await openFile(source) : source;
  if (typeof Blob !== 'undefined' && file instanceof Blob) {
    return { body: new Blob([head, file, tail], { type: contentType }), contentType, replayable: true };
  }
  return { body: streamOf(head, file as ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>, tail), contentType, replayable: false };
}
