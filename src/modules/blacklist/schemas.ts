import { Type } from 'typebox';
import { Envelope } from '../../http/envelope.js';
import { DryRunField, DryRunResult } from '../../http/dry-run.js';
import { PageQuery } from '../../http/pagination.js';

export const BlacklistName = Type.Enum(['email', 'telephone'], { description: 'Which list: email or telephone' });

/** L5: the list name may come as `blacklist`, or **[client]** as `type` with value email|telephone. */
export const ListSelector = Type.Object(
  {
    blacklist: Type.Optional(BlacklistName),
    type: Type.Optional(Type.String({ description: 'Accepted as `blacklist` when its value is email or telephone' })),
  },
  { additionalProperties: false },
);

/** L5 + O8: DELETE takes the list (and dry_run) in the query or the body. */
export const ClearSelector = Type.Object({ ...ListSelector.properties, dry_run: DryRunField }, { additionalProperties: false });

export const ListingQuery = Type.Object(
  {
    blacklist: Type.Optional(BlacklistName),
    type: Type.Optional(Type.String({ description: 'Accepted as `blacklist` when its value is email or telephone' })),
    page: PageQuery.properties.page,
    limit: PageQuery.properties.limit,
    search: Type.Optional(Type.String({ maxLength: 320, description: 'L7: only values holding this text (any case; telephones without spaces, dots, dashes, parentheses); total counts the matches' })),
    order: Type.Optional(Type.Enum(['oldest', 'newest'], { description: 'L7: oldest (insertion order, the default) or newest first' })),
  },
  { additionalProperties: false },
);

/** L7: why a value is put on the list (stored and listed). */
export const PutEntryBody = Type.Object(
  { reason: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()], { description: 'Why (at most 500 characters); listed with the entry' })) },
  { examples: [{ reason: 'asked by phone on 2026-03-02, ticket 4411' }] },
);

export const CheckParams = Type.Object(
  {
    blacklist: BlacklistName,
    value: Type.String({ description: 'An e-mail address or telephone; normalised before the check' }),
  },
  { additionalProperties: false },
);

/** Documentation of the multipart upload (L1); the parts are read one by one, never validated whole. */
export const UploadForm = Type.Object(
  {
    file: Type.String({
      format: 'binary',
      contentMediaType: 'text/csv',
      description: 'CSV, UTF-8 with or without BOM; the first column of each line is one value; a header word is skipped',
    }),
    blacklist: BlacklistName,
    type: Type.Enum(['create', 'delete-create'], { description: 'create adds entries; delete-create replaces the whole list' }),
  },
  { examples: [{ file: 'email\nana@example.com\nbob@example.com\n', blacklist: 'email', type: 'create' }] },
);

const Count = (description: string) => Type.Object({ entries: Type.Integer({ minimum: 0, description }) });

export const ClearDryRun = DryRunResult({ entries: Type.Integer({ minimum: 0, description: 'Entries the list holds now, all of which would go' }) });

export const UploadDryRun = Type.Object({
  dry_run: Type.Literal(true),
  blacklist: BlacklistName,
  type: Type.Enum(['create', 'delete-create']),
  lines: Type.Integer({ minimum: 0, description: 'Physical lines read' }),
  would_delete: Count('Entries of the list that would go (delete-create: all of them; create: 0)'),
  would_add: Count('Entries that would be written: the distinct values of the file (for create, only those not listed yet)'),
  invalid_lines: Type.Object({
    count: Type.Integer({ minimum: 0 }),
    first: Type.Array(
      Type.Object({
        line: Type.Integer({ minimum: 1 }),
        value: Type.String(),
        problem: Type.Optional(Type.String({ description: 'Set when the line is not readable CSV' })),
      }),
      { description: 'The first 20 invalid lines (values over 80 characters shortened)' },
    ),
  }),
  rejection: Type.Union([Type.String(), Type.Null()], {
    description: 'The 400 message the real upload would answer (it would change nothing), or null when it would apply',
  }),
});

export const ClearEnvelope = Type.Object(Envelope(Type.Union([Type.Null(), ClearDryRun])).properties, {
  description: 'Emptied (payload null), or with dry_run=true what it would delete',
});
export const UploadEnvelope = Type.Object(Envelope(Type.Union([Type.Null(), UploadDryRun])).properties, {
  description: 'Applied (payload null), or with dry_run=true what it would do',
});

export const ListingEnvelope = Envelope(
  Type.Object({
    total: Type.Integer(),
    entries: Type.Array(
      Type.Object({
        value: Type.String(),
        createtime: Type.String(),
        reason: Type.Union([Type.String(), Type.Null()], { description: 'L7: the reason given when it was put on one at a time; null otherwise' }),
      }),
    ),
  }),
);

export const CheckEnvelope = Envelope(Type.Object({ blacklisted: Type.Boolean() }));
