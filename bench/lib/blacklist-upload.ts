import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { once } from 'node:events';
import http from 'node:http';

const BOUNDARY = `----RapportBench${randomBytes(8).toString('hex')}`;

/** `lines` e-mail lines as spreadsheets export them: BOM, CRLF, a header, a quoted first column, a second column. */
export async function writeEmailCsv(path: string, lines: number, prefix: string): Promise<string> {
  const out = createWriteStream(path);
  out.write('\ufeffemail,name\r\n');
  for (let i = 0; i < lines; i++) {
    if (!out.write(`"${prefix}.user${i}@Example.com",User ${i}\r\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return path;
}

/**
 * POST /apiv3/account/blacklist with the file streamed from disk as the first part and the fields
 * after it, as the platform's client sends them. `onSent` runs when the whole body has been written.
 */
export function uploadBlacklist(
  base: string,
  key: string,
  file: string,
  fields: { blacklist: string; type: string },
  onSent: () => void = () => {},
): Promise<{ status: number; body: string }> {
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="list.csv"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(
    `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="blacklist"\r\n\r\n${fields.blacklist}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${fields.type}\r\n--${BOUNDARY}--\r\n`,
  );
  const url = new URL(`${base}/apiv3/account/blacklist`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: url.pathname,
        headers: {
          authorization: `Basic ${key}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': head.length + statSync(file).size + tail.length,
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.write(head);
    const stream = createReadStream(file, { highWaterMark: 64 * 1024 });
    stream.on('error', reject);
    stream.pipe(request, { end: false });
    stream.on('end', () => request.end(tail, onSent));
  });
}
