import { type TSchema, Type } from 'typebox';
import { AcceptedEnvelope } from '../../http/accepted.js';
import { DryRunField, DryRunResult } from '../../http/dry-run.js';
import { Envelope } from '../../http/envelope.js';
import { MAX_ID } from '../../http/validation.js';
import { IdentityQuery, LedgerEntry, UserObject } from '../users/schemas.js';

const count = (description: string) => Type.Integer({ minimum: 0, description });

/** D1: what an erasure deletes (or, in a dry run, would delete now), by kind of row. */
const erasureCounts = {
  users: count('The customer\'s profile (with its custom attribute values): 1 per customer'),
  user_events: count('User events of the customer'),
  purchases: count('Purchases of the customer'),
  purchase_items: count('Items of those purchases (their custom attribute values go with them, uncounted)'),
  ledger_entries: count('Points ledger entries of the customer'),
  coupons: count('Coupons assigned to the customer (the benefits keep their stock as it is)'),
  family_members: count('Family members of the customer'),
  abandoned_carts: count('Abandoned carts of the customer'),
};

const SuppressField = Type.Optional(
  Type.Boolean({
    description: 'true: also put the customer\'s e-mail and telephone on the blacklists, in the same transaction (D2); false or absent: not',
  }),
);

/** D1's options, in the query (and in a body, so that a body saying them is never ignored). */
export const ErasureOptions = Type.Object({ dry_run: DryRunField, suppress: SuppressField }, { additionalProperties: false });
export type ErasureOptions = { dry_run?: boolean; suppress?: boolean };

/** DELETE /multiusers: U6's identity and D1's options, in the query. */
export const ErasureByIdentityQuery = Type.Object(
  { ...IdentityQuery.properties, dry_run: DryRunField, suppress: SuppressField },
  { additionalProperties: false },
);

const Erased = Type.Object({ deleted: Type.Object(erasureCounts, { description: 'The rows deleted, by kind' }) });
export const ErasureDryRun = DryRunResult(erasureCounts);

/** `{deleted}` (D1), or the dry run's `{dry_run, would_delete}` (O8). */
export const ErasedEnvelope = Envelope(Type.Union([Erased, ErasureDryRun]));

/** D4: `{segment_id, notify_to?}` in a JSON body (or a form). */
export const BulkEraseBody = Type.Object(
  {
    segment_id: Type.Optional(
      Type.Unsafe<string | number>({
        type: ['integer', 'string'],
        minimum: 1,
        maximum: MAX_ID,
        maxLength: 255,
        description: 'The segment whose members are erased: its numeric id or its slug (required)',
      }),
    ),
    notify_to: Type.Optional(Type.String({ maxLength: 320, description: 'E-mail address told the outcome' })),
    dry_run: DryRunField,
  },
  { additionalProperties: false, examples: [{ segment_id: 12, notify_to: 'privacy@example.com' }] },
);
export type BulkEraseBody = { segment_id?: string | number; notify_to?: string; dry_run?: boolean };

/** `{request_id}` (accepted, K3), or the dry run's counts summed over the members (O8). */
export const BulkEraseEnvelope = Envelope(Type.Union([AcceptedEnvelope.properties.payload, ErasureDryRun]));

/**
 * The object each part of an export is a list of, as its own endpoint answers it. Those of the
 * modules on this module's floor are handed in by src/routes.ts (this module may not import them).
 */
export interface ExportPartSchemas {
  purchase: TSchema;
  userEvent: TSchema;
  coupon: TSchema;
  familyMember: TSchema;
  abandonedCart: TSchema;
  segment: TSchema;
  mailing: TSchema;
  value: TSchema;
}

/** D3: everything held about one customer. */
export function CustomerExportEnvelope(parts: ExportPartSchemas) {
  const list = (item: TSchema, description: string) => Type.Array(item, { description });
  return Envelope(
    Type.Object({
      user: UserObject,
      points_ledger: list(LedgerEntry, 'The points ledger, newest first, as GET /users/{id}/transactions answers it'),
      purchases: list(parts.purchase, 'Purchases, newest first, as GET /users/{id}/purchases answers them'),
      user_events: list(parts.userEvent, 'User events, newest first, as GET /user-events answers them'),
      coupons: list(parts.coupon, 'Coupons, newest first, as GET /coupons answers them'),
      family_members: list(parts.familyMember, 'Family members, in creation order, as GET /users/{id}/members answers them'),
      abandoned_carts: list(parts.abandonedCart, 'Abandoned carts, newest first, as GET /users/{id}/abandoned-carts answers them'),
      segments: list(parts.segment, 'The segments the customer belongs to now, as GET /users/{id}/segments answers them'),
      mailings: list(parts.mailing, 'The mailings the customer is a recipient of, in mailing id order, with their own status and dates (M9)'),
      value: Type.Unsafe({ ...parts.value, description: 'The value group and RFM scores, as GET /users/{id}/value answers them (U14)' }),
    }),
  );
}
