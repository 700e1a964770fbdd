import type { CoreClient, ItemOf, Payload } from './calls.js';
import { RapportError } from './errors.js';
import { encodeUserRef } from './ids.js';
import type { PaginateOptions } from './pagination.js';
import type { SegmentDefinition } from './segments.js';

// `rapport.segments.*`: the calls of SG4–SG6 with the definition typed (the generated types say
// only "a JSON object"), a segment's members as an async iterator, and the export as a stream.

/** A segment's id (a number) or its slug. */
export type SegmentRef = number | string;

/** SG1: a segment as the API answers it, its definition typed. */
export type Segment = Omit<Payload<'get', '/segments/{id}'>, 'definition'> & { definition: SegmentDefinition };
/** A customer as `GET /users` answers them (U4). */
export type SegmentMember = ItemOf<'/users'>;
/** SG4: the count and the first 10 members of a definition. */
export type SegmentPreview = { count: number; users: SegmentMember[] };
/** SG5: a segment a customer belongs to. */
export type UserSegment = Payload<'get', '/users/{id}/segments'>[number];

export interface SegmentInput {
  /** 1 to 255 characters; the slug is made from it at creation and never changes. */
  title: string;
  description?: string | null;
  definition: SegmentDefinition;
  /**
   * SG7. At creation: send `segment.entered` for the first members too (default false: taken
   * silently). With a new definition: send its differences (default true).
   */
  announce?: boolean;
}

/** SG8: a customer who entered or left a segment. */
export type SegmentChange = ItemOf<'/segments/{id}/changes'>;

export interface SegmentChangesQuery {
  page?: number;
  limit?: number;
  /** G7 datetime or date, inclusive (a bare date is its whole day). */
  from?: string;
  to?: string;
  type?: 'entered' | 'exited';
}

export interface SegmentListQuery {
  /** From 0. */
  page?: number;
  /** 1..100 (default 25 on the server). */
  limit?: number;
  /** Words each found in the title, case and accents ignored. */
  search?: string;
}

export interface SegmentMembersQuery {
  page?: number;
  limit?: number;
  /** Narrows the members as `GET /users?search=` does (e-mail, names, service UID, document, telephone). */
  search?: string;
}

export interface SegmentExportOptions {
  /** `csv` (default: RFC 4180, a header line, CRLF) or `ndjson` (one JSON object per line). */
  format?: 'csv' | 'ndjson';
  /** U4 fields or `custom_attributes.<name>`, as a list or comma-separated (default DEFAULT_EXPORT_FIELDS). */
  fields?: readonly string[] | string;
  signal?: AbortSignal;
}

export interface SegmentExportFile {
  /** The response body as it arrives: never read into memory whole (Node.js: `Readable.fromWeb(stream)`). */
  stream: ReadableStream<Uint8Array>;
  /** From `Content-Disposition`: `<slug>.csv` or `<slug>.ndjson`. */
  filename: string;
  contentType: string;
}

export interface SegmentsApi {
  /** `GET /segments`: one page, id order. */
  list(query?: SegmentListQuery): Promise<Segment[]>;
  /** `GET /segments/{id}` by id or slug (404: RapportError). */
  get(segment: SegmentRef): Promise<Segment>;
  /** `POST /segments` (201). A definition the server refuses is a RapportError 400 naming the condition's path. */
  create(input: SegmentInput): Promise<Segment>;
  /** `PUT /segments/{id}`: only what is given changes; the slug stays. */
  update(segment: SegmentRef, changes: Partial<SegmentInput>): Promise<Segment>;
  /** `DELETE /segments/{id}`; a 400 names the segments that still refer to it. */
  delete(segment: SegmentRef): Promise<{ deleted: true }>;
  /** `GET /segments/{id}/count`: how many customers are members now. */
  count(segment: SegmentRef): Promise<number>;
  /** `POST /segments/preview`: the count and the first 10 members of a definition, storing nothing. */
  preview(definition: SegmentDefinition): Promise<SegmentPreview>;
  /** `GET /users?segment_id=`: one page of members, userapp_id order. */
  members(segment: SegmentRef, query?: SegmentMembersQuery): Promise<SegmentMember[]>;
  /** Every member, page by page (100 a request unless `options.limit` says), until a short page. */
  eachMember(segment: SegmentRef, query?: Pick<SegmentMembersQuery, 'search'>, options?: PaginateOptions): AsyncGenerator<SegmentMember, void, undefined>;
  /** `GET /users/{id}/segments`: a number is the userapp_id, a string the service_uid (as encodeUserRef). */
  userSegments(user: number | string): Promise<UserSegment[]>;
  /** `GET /segments/{id}/changes`: one page of transitions, newest first (kept 90 days). */
  changes(segment: SegmentRef, query?: SegmentChangesQuery): Promise<SegmentChange[]>;
  /** `GET /user/{id}/belongsToSegment`: whether the customer is a member now. */
  belongsTo(user: number | string, segment: SegmentRef): Promise<boolean>;
  /** `GET /segments/{id}/export`: every member as a stream. An unknown field or format is a RapportError before any byte. */
  export(segment: SegmentRef, options?: SegmentExportOptions): Promise<SegmentExportFile>;
}

const ref = (segment: SegmentRef): string => {
  if (typeof segment === 'number' && (!Number.isSafeInteger(segment) || segment < 1)) throw new RangeError(`a segment id is a positive integer, got ${segment}`);
  const text = String(segment);
  if (text === '') throw new RangeError('a segment slug must not be empty');
  return text;
};

/** `attachment; filename="gold.csv"` → gold.csv */
function filenameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="([^"]*)"/.exec(disposition) ?? /filename=([^;]+)/.exec(disposition) : null;
  return match?.[1]?.trim() || fallback;
}

const emptyStream = () => new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });

/** The segments calls over a client (read lazily: the client is being built when this is called). */
export function segmentsApi(clientOf: () => CoreClient): SegmentsApi {
  const path = (segment: SegmentRef) => ({ params: { path: { id: ref(segment) } } });
  return {
    list: (query = {}) => clientOf().GET('/segments', { params: { query } }) as Promise<Segment[]>,
    get: (segment) => clientOf().GET('/segments/{id}', path(segment)) as Promise<Segment>,
    create: (input) => clientOf().POST('/segments', { body: input as never }) as Promise<Segment>,
    update: (segment, changes) => clientOf().PUT('/segments/{id}', { ...path(segment), body: changes as never }) as Promise<Segment>,
    delete: (segment) => clientOf().DELETE('/segments/{id}', path(segment)),
    count: async (segment) => (await clientOf().GET('/segments/{id}/count', path(segment))).count,
    preview: (definition) => clientOf().POST('/segments/preview', { body: { definition: definition as never } }),
    members: (segment, query = {}) => clientOf().GET('/users', { params: { query: { ...query, segment_id: ref(segment) } } }),
    eachMember: (segment, query = {}, options) => clientOf().paginate('/users', { params: { query: { ...query, segment_id: ref(segment) } } }, options),
    userSegments: (user) => clientOf().GET('/users/{id}/segments', { params: { path: { id: encodeUserRef(user) } } }),
    changes: (segment, query = {}) => clientOf().GET('/segments/{id}/changes', { params: { path: { id: ref(segment) }, query } }),
    belongsTo: async (user, segment) =>
      (await clientOf().GET('/user/{id}/belongsToSegment', { params: { path: { id: encodeUserRef(user) }, query: { segment_id: ref(segment) } } })).belongsToSegment,

    async export(segment, options = {}) {
      const fields = typeof options.fields === 'string' ? options.fields : options.fields?.join(',');
      const query = { ...(options.format ? { format: options.format } : {}), ...(fields !== undefined ? { fields } : {}) };
      const { data, error, response } = await clientOf().raw.GET('/segments/{id}/export', {
        params: { path: { id: ref(segment) }, query },
        parseAs: 'stream',
        signal: options.signal,
      });
      if (!response.ok) throw RapportError.fromResponse(response, error);
      const format = options.format ?? 'csv';
      return {
        stream: (data as ReadableStream<Uint8Array> | null | undefined) ?? emptyStream(),
        filename: filenameOf(response.headers.get('content-disposition'), `segment-${ref(segment)}.${format}`),
        contentType: response.headers.get('content-type') ?? (format === 'csv' ? 'text/csv' : 'application/x-ndjson'),
      };
    },
  };
}
