import { type Static, Type } from 'typebox';
import { DryRunField, DryRunResult } from '../../http/dry-run.js';
import { Envelope } from '../../http/envelope.js';
import { AcceptedEnvelope } from '../../http/accepted.js';

export const CategoryObject = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  parent_code: Type.Union([Type.String(), Type.Null()]),
  path: Type.String({ description: 'Codes from the root down to this category, joined by /' }),
});
export type CategoryObject = Static<typeof CategoryObject>;

export const CreateCategoryBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 128, description: 'Unique per account; no /' }),
    name: Type.String({ minLength: 1, maxLength: 255 }),
    parent_code: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  },
  { additionalProperties: false, examples: [{ code: 'boots', name: 'Boots', parent_code: 'shoes' }] },
);
export type CreateCategoryBody = Static<typeof CreateCategoryBody>;

export const CategoryCodeParams = Type.Object({ code: Type.String({ minLength: 1 }) }, { additionalProperties: false });

export const DeleteCategoryFields = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 1024, description: 'The parent category to delete with all its descendants' })),
    notify_to: Type.Optional(Type.String({ maxLength: 320, description: 'E-mail address told the outcome' })),
    dry_run: DryRunField,
  },
  { additionalProperties: false },
);
export type DeleteCategoryFields = Static<typeof DeleteCategoryFields>;

export const BulkDeleteCategoriesBody = Type.Object(
  { notify_to: Type.Optional(Type.String({ maxLength: 320, description: 'E-mail address told the outcome' })), dry_run: DryRunField },
  { additionalProperties: false },
);

/** O8: what a category deletion would do. */
export const CategoriesDryRun = DryRunResult({
  categories: Type.Integer({ description: 'Categories deleted (the category and its descendants; every category for bulk)' }),
  products_uncategorised: Type.Integer({ description: 'Products that refer to one of them and would be left with no category' }),
});
export type CategoriesDryRun = Static<typeof CategoriesDryRun>;

/** `{request_id}` (accepted, K3), or the dry run's counts (O8). */
export const DeleteCategoriesEnvelope = Envelope(Type.Union([AcceptedEnvelope.properties.payload, CategoriesDryRun]));

export const CategoryEnvelope = Envelope(CategoryObject);
export const CategoryListEnvelope = Envelope(Type.Array(CategoryObject));
