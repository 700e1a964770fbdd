// Hand-built multipart/form-data bodies, so tests control part order, line endings and bytes.

export const BOUNDARY = '----RapportTestBoundary7MA4YWxkTrZu0gW';
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

export type Part = { name: string; value: string } | { name: string; filename: string; content: string | Buffer };

export function multipartBody(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            'Content-Type: text/csv\r\n\r\n',
        ),
        Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** The platform client's order: the file first, then `blacklist` and `type`. */
export function blacklistUpload(content: string | Buffer, blacklist: string, type: string): Buffer {
  return multipartBody([
    { name: 'file', filename: 'list.csv', content },
    { name: 'blacklist', value: blacklist },
    { name: 'type', value: type },
  ]);
}
