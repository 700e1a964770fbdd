import { RapportError, type RapportClient } from '@rapport/sdk';
import { displaySettings } from './format.js';

// CSV files the console hands to people: RFC 4180 (CRLF line ends, fields quoted when they hold a
// comma, quote or line end), UTF-8 starting with a BOM so that spreadsheet programs read accents
// right (T5: exports take bom=true; a file the console builds itself gets the BOM here).

export const BOM = '\uFEFF';
const BOM_BYTES = [0xef, 0xbb, 0xbf];

/** One CSV field: quoted when it must be; null and undefined are empty. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document with a BOM: a header line, then one line per row. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return BOM + [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The blob, starting with the UTF-8 BOM (added unless the server already sent one). */
export async function withBom(blob: Blob): Promise<Blob> {
  const head = new Uint8Array(await blob.slice(0, 3).arrayBuffer());
  if (BOM_BYTES.every((byte, i) => head[i] === byte)) return blob;
  return new Blob([new Uint8Array(BOM_BYTES), blob], { type: blob.type });
}

/** Saves a blob as the browser's download under `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** SG6's layouts: the API's CSV, or one for a person with a spreadsheet program (in the account's zone and locale). */
export type ExportLayout = 'program' | 'spreadsheet';

/**
 * A browser download of the export (SG6), read into a Blob and saved under the API's file name. A
 * CSV asks for the BOM (T5's `bom=true`) and gets one here if the server did not add it, so that
 * a spreadsheet program reads accents right. The spreadsheet layout (CSV only) is asked for in the
 * account's zone and locale: the times and decimal separator the console shows.
 */
export async function downloadSegment(api: RapportClient, id: number | string, format: 'csv' | 'ndjson', fields = '', layout: ExportLayout = 'program'): Promise<{ filename: string; size: number }> {
  const { timezone, locale } = displaySettings();
  const query = {
    format,
    ...(fields.trim() ? { fields: fields.replace(/\s+/g, '') } : {}),
    ...(format === 'csv' ? (layout === 'spreadsheet' ? { layout, timezone, locale } : { bom: true }) : {}),
  };
  const { data, error, response } = await api.raw.GET('/segments/{id}/export', { params: { path: { id: String(id) }, query }, parseAs: 'blob' });
  if (!response.ok) throw RapportError.fromResponse(response, error);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]*)"/.exec(disposition)?.[1] || `segment-${id}.${format}`;
  const type = response.headers.get('content-type') ?? (format === 'csv' ? 'text/csv' : 'application/x-ndjson');
  const received = new Blob([data as Blob], { type });
  const blob = format === 'csv' ? await withBom(received) : received;
  saveFile(blob, filename);
  return { filename, size: blob.size };
}
