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

export class CsvFirstColumnReader {
  private readonly parser: Parser;
  private readonly done: Promise<void>;
  /** The physical line the last record ended on. */
  private lastLine = 0;
  private failed = false;

  constructor(private readonly handlers: RecordHandlers) {
    this.parser = parse({
      bom: true,
      delimiter: [',', ';', '\t'],
      record_delimiter: ['\r\n', '\n'],
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: false,
      trim: true,
      max_record_size: MAX_RECORD_CHARS,
      // Records are handed over here, synchronously, and never queued in the stream.
      on_record: (record: string[], context) => {
        this.handlers.value(record[0] ?? '', this.lastLine + 1);
        this.lastLine = context.lines;
        return null;
      },
    });
    this.parser.resume();
    this.done = new Promise((resolve) => {
      this.parser.once('end', resolve);
      this.parser.once('error', (error: CsvError) => {
        this.fail(error);
        resolve();
      });
    });
  }

  /** Physical lines read so far. */
  get lines(): number {
    return this.lastLine;
  }

  /** Reads a chunk of the file; resolves once its records have been handed over. */
  feed(chunk: Buffer): Promise<void> {
    if (this.failed) return Promise.resolve();
    return new Promise((resolve) =>
      this.parser.write(chunk, (error) => {
        if (error) this.fail(error as CsvError);
        resolve();
      }),
    );
  }

  /** The end of the file: its last record, or the error an unfinished one makes. */
  async end(): Promise<void> {
    if (!this.failed) this.parser.end();
    await this.done;
  }

  private fail(error: CsvError): void {
    if (this.failed) return;
    this.failed = true;
    this.handlers.malformed(describe(error), this.lastLine + 1);
  }
}
