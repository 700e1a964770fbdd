import { Type } from 'typebox';
import { Envelope } from '../../http/envelope.js';
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

export const ListingQuery = Type.Object(
  {
    blacklist: Type.Optional(BlacklistName),
    type: Type.Optional(Type.String({ description: 'Accepted as `blacklist` when its value is email or telephone' })),
    page: PageQuery.properties.page,
    limit: PageQuery.properties.limit,
  },
  { additionalProperties: false },
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

export const NullEnvelope = Envelope(Type.Null());

export const ListingEnvelope = Envelope(
  Type.Object({
    total: Type.Integer(),
    entries: Type.Array(Type.Object({ value: Type.String(), createtime: Type.String() })),
  }),
);

export const CheckEnvelope = Envelope(Type.Object({ blacklisted: Type.Boolean() }));
