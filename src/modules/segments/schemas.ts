import { type Static, Type } from 'typebox';
import { PageQuery } from '../../http/pagination.js';
import { UserObject } from '../users/schemas.js';

// SG1–SG6. A definition is declared here only as a JSON object: its language (SG2) is checked by
// definition.ts, whose 400s name the offending condition's path (`definition.all[2].op: …`), which a
// schema validator's messages would not.

const DEFINITION_DESCRIPTION =
  'SG2: a group {"all": [...]}, {"any": [...]} or {"not": node}; a node is a group or a condition ' +
  '(field, purchases, event, blacklisted, benefit, abandoned_cart, mailing, segment). At most 50 conditions and 5 levels of groups. ' +
  'See docs/segments.md.';

export const SegmentDefinition = Type.Record(Type.String(), Type.Unknown(), {
  description: DEFINITION_DESCRIPTION,
  examples: [{ all: [{ field: 'city', op: 'eq', value: 'Córdoba' }, { purchases: { within_last_days: 90 }, measure: 'count', op: 'gte', value: 2 }] }],
});

const Title = Type.String({ minLength: 1, maxLength: 255, description: '1 to 255 characters' });
const Description = Type.Union([Type.String({ maxLength: 4000 }), Type.Null()], { description: 'Free text, or null' });

export const SegmentObject = Type.Object({
  id: Type.Integer(),
  slug: Type.String({ description: 'From the title at creation (accents dropped, lower-case, - between words); unique per account; never changes' }),
  title: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  type: Type.Literal('dynamic', { description: 'Always "dynamic": members are evaluated when asked' }),
  definition: SegmentDefinition,
  advanced: Type.Boolean({ description: 'false when the definition is one "all" group of conditions' }),
  createtime: Type.String({ description: 'YYYY-MM-DD hh:mm:ss, UTC' }),
  updatetime: Type.String({ description: 'YYYY-MM-DD hh:mm:ss, UTC' }),
});
export type SegmentObject = Static<typeof SegmentObject>;

/** POST /segments */
export const CreateSegmentBody = Type.Object(
  {
    title: Title,
    description: Type.Optional(Description),
    definition: SegmentDefinition,
    announce: Type.Optional(Type.Boolean({ description: 'SG7: send segment.entered for the first members too (default false: they are taken silently)' })),
  },
  {
    additionalProperties: false,
    examples: [{ title: 'Frequent buyers in Córdoba', definition: { all: [{ field: 'city', op: 'eq', value: 'Córdoba' }] } }],
  },
);
export type CreateSegmentBody = Static<typeof CreateSegmentBody>;

/** PUT /segments/{id}: partial; the slug never changes. */
export const UpdateSegmentBody = Type.Object(
  {
    title: Type.Optional(Title),
    description: Type.Optional(Description),
    definition: Type.Optional(SegmentDefinition),
    announce: Type.Optional(Type.Boolean({ description: 'SG7: with a definition, whether its differences send segment.entered/exited (default true)' })),
  },
  { additionalProperties: false, examples: [{ title: 'Frequent buyers' }] },
);
export type UpdateSegmentBody = Static<typeof UpdateSegmentBody>;

/** POST /segments/preview */
export const PreviewSegmentBody = Type.Object({ definition: SegmentDefinition }, { additionalProperties: false });
export type PreviewSegmentBody = Static<typeof PreviewSegmentBody>;

export const SegmentParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 255, description: 'Numeric id or slug' }) },
  { additionalProperties: false },
);
export type SegmentParams = Static<typeof SegmentParams>;

/** GET /segments */
export const SegmentListQuery = Type.Object(
  {
    ...PageQuery.properties,
    search: Type.Optional(Type.String({ maxLength: 255, description: 'Words each found in the title, case and accents ignored (U3)' })),
  },
  { additionalProperties: false },
);
export type SegmentListQuery = Static<typeof SegmentListQuery>;

export const SegmentCount = Type.Object({ count: Type.Integer({ minimum: 0 }) });
export type SegmentCount = Static<typeof SegmentCount>;

/** POST /segments/preview: the count and the first 10 members in userapp_id order. */
export const SegmentPreview = Type.Object({ count: Type.Integer({ minimum: 0 }), users: Type.Array(UserObject, { maxItems: 10 }) });
export type SegmentPreview = Static<typeof SegmentPreview>;

export const SegmentDeleted = Type.Object({ deleted: Type.Literal(true) });
export type SegmentDeleted = Static<typeof SegmentDeleted>;

/** GET /users/{id}/segments */
export const UserSegment = Type.Object({ id: Type.Integer(), slug: Type.String(), title: Type.String() });
export type UserSegment = Static<typeof UserSegment>;

export const EXPORT_FORMATS = ['csv', 'ndjson'] as const;
export const DEFAULT_EXPORT_FIELDS = ['userapp_id', 'service_uid', 'email', 'telephone', 'first_name', 'last_name', 'points'] as const;

/** GET /segments/{id}/export (SG6); fields are checked by the service (400 naming the unknown one). */
export const SegmentExportQuery = Type.Object(
  {
    format: Type.Optional(Type.String({ maxLength: 16, description: 'csv (default) or ndjson' })),
    bom: Type.Optional(Type.Boolean({ description: 'T5: true starts a CSV with a UTF-8 byte order mark, for spreadsheet programs (default false; ignored for ndjson)' })),
    layout: Type.Optional(
      Type.String({
        maxLength: 16,
        description:
          'program (default): the CSV as above. spreadsheet: for a person opening it in a spreadsheet program: headers in words, value groups named, times in timezone as YYYY-MM-DD HH:MM, a UTF-8 BOM, and ";" between fields with decimal commas where locale writes decimals with a comma (CSV only)',
      }),
    ),
    timezone: Type.Optional(Type.String({ maxLength: 64, description: "With layout=spreadsheet: the IANA zone of the file's times (default the account's, T5)" })),
    locale: Type.Optional(Type.String({ maxLength: 35, description: "With layout=spreadsheet: the BCP 47 locale whose decimal separator the file uses (default the account's, T5)" })),
    fields: Type.Optional(
      Type.String({
        maxLength: 4096,
        description: `Comma-separated U4 fields, custom_attributes.<name>, or U14's rfm.recency, rfm.frequency, rfm.monetary, rfm.value_group; default ${DEFAULT_EXPORT_FIELDS.join(',')}`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type SegmentExportQuery = Static<typeof SegmentExportQuery>;

