import { StringDecoder } from 'node:string_decoder';

// L2: a streaming reader of CSV lines that keeps only the current line in memory. It counts
// physical lines (1-based, blank ones included) because L3 reports errors by physical line.

/** Longer lines cannot hold a valid value; only their start is kept, so memory stays bounded. */
export const MAX_LINE_CHARS = 1024;

export type LineHandler = (text: string, line: number) => void;

export class CsvLineReader {
  private readonly decoder = new StringDecoder('utf8');
  private rest = '';
  private overlong = false;
  private started = false;
  private line = 0;

  get lines(): number {
    return this.line;
  }

  feed(chunk: Buffer, onLine: LineHandler): void {
    this.split(this.decoder.write(chunk), onLine);
  }

  end(onLine: LineHandler): void {
    this.split(this.decoder.end(), onLine);
    if (this.rest !== '' || this.overlong) this.emit(this.rest, onLine);
    this.rest = '';
    this.overlong = false;
  }

  private split(decoded: string, onLine: LineHandler): void {
    let text = decoded;
    if (!this.started && text !== '') {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      this.append(text.slice(start, nl));
      this.emit(this.rest, onLine);
      this.rest = '';
      this.overlong = false;
      start = nl + 1;
    }
    this.append(text.slice(start));
  }

  private append(piece: string): void {
    if (this.overlong || piece === '') return;
    this.rest += piece;
    if (this.rest.length > MAX_LINE_CHARS) {
      this.rest = this.rest.slice(0, MAX_LINE_CHARS);
      this.overlong = true;
    }
  }

  private emit(text: string, onLine: LineHandler): void {
    this.line += 1;
    onLine(text.endsWith('\r') ? text.slice(0, -1) : text, this.line);
  }
}

const SEPARATORS = /[,;\t]/;

/**
 * The first column of a CSV line, without surrounding spaces and quotes (`""` inside quotes is
 * one `"`). Comma, semicolon and tab all separate columns: spreadsheets export with either.
 */
export function firstColumn(line: string): string {
  const text = line.trim();
  if (!text.startsWith('"')) {
    const cut = text.search(SEPARATORS);
    return (cut === -1 ? text : text.slice(0, cut)).trim();
  }
  let value = '';
  let from = 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote === -1) return text; // unterminated quote: left as is, so validation reports it
    value += text.slice(from, quote);
    if (text[quote + 1] !== '"') return value.trim();
    value += '"';
    from = quote + 2;
  }
}

export const HEADER_WORDS = new Set(['email', 'e-mail', 'mail', 'telephone', 'phone', 'tel']);
