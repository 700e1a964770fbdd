import { type CsvError, type Parser, parse } from 'csv-parse';

// L2: the upload's CSV, read by csv-parse as it streams in: UTF-8 with or without BOM, `\n` or
// `\r\n`, columns separated by `,`, `;` or tab (spreadsheets export with any of them), quoted
// cells (`""` inside quotes is one `"`) that may span lines. Only the first column of each record
// is kept. L3 counts physical lines, so each record is reported with the line it starts on.

/** Longer records (an unclosed quote swallowing the file, say) stop the reading: memory stays bounded. */
export const MAX_RECORD_CHARS = 64 * 1024;

export const HEADER_WORDS = new Set(['email', 'e-mail', 'mail', 'telephone', 'phone', 'tel']);

export interface RecordHandlers {
  /** The first column of a record, trimmed, and the 1-based physical line the record starts on. */
  value(text: string, line: number): void;
  /** A record the CSV reader cannot read: nothing after it is read. */
  malformed(problem: string, line: number): void;
}

function describe(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quote opened here is never closed';
    case 'CSV_MAX_RECORD_SIZE':
      return `a record longer than ${MAX_RECORD_CHARS} characters (an unclosed quote?)`;
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'text after the closing quote of a cell';
    default:
      return `malformed CSV (${error.code})`;
  }
}

/** The entry point csv-parse's stream and sync parsers both drive (`Parser.api`, not in its types). */
interface ParserApi {
  parse(chunk: Buffer | undefined, end: boolean, push: (record: string[]) => void, close: () => void): Error | undefined;
}

/**
 * Drives csv-parse's parser synchronously, chunk by chunk. Not through `on_record` (csv-parse then
 * builds a context object for every record, which cost twice the parsing itself) nor through the
 * stream (whose 'data' events are not guaranteed to arrive before the next record is parsed, and
 * the line of each record is read from the parser's counters as the record is handed over).
 */
export class CsvFirstColumnReader {
  private readonly api: ParserApi;
  private readonly info: Parser['info'];
  /** The physical line the last record ended on. */
  private lastLine = 0;
  private stopped = false;

  constructor(private readonly handlers: RecordHandlers) {
    const parser = parse({
      bom: true,
      delimiter: [',', ';', '\t'],
      record_delimiter: ['\r\n', '\n'],
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: false,
      trim: true,
      max_record_size: MAX_RECORD_CHARS,
    }) as Parser & { api?: ParserApi };
    if (typeof parser.api?.parse !== 'function') throw new Error('csv-parse no longer exposes Parser.api; see csv-reader.ts');
    this.api = parser.api;
    this.info = parser.info;
  }

  /** Physical lines read so far. */
  get lines(): number {
    return this.lastLine;
  }

  /** Reads a chunk of the file, handing over the records it completes. */
  feed(chunk: Buffer): void {
    this.parse(chunk, false);
  }

  /** The end of the file: its last record, or the error an unfinished one makes. */
  end(): void {
    this.parse(undefined, true);
  }

  private parse(chunk: Buffer | undefined, end: boolean): void {
    if (this.stopped) return;
    const error = this.api.parse(chunk, end, this.push, this.close);
    if (error) {
      this.stopped = true;
      this.handlers.malformed(describe(error as CsvError), this.lastLine + 1);
    }
  }

  private readonly push = (record: string[]) => {
    this.handlers.value(record[0] ?? '', this.lastLine + 1);
    this.lastLine = this.info.lines;
  };

  private readonly close = () => {
    this.stopped = true;
  };
}
