import { type Static, Type } from 'typebox';
import { PageQuery } from '../../http/pagination.js';
import { MAX_ID } from '../../http/validation.js';

// M1: folders of mailings.

export const FolderObject = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  mailings: Type.Integer({ description: 'How many mailings the folder holds' }),
  createtime: Type.String(),
  updatetime: Type.String(),
});
export type FolderObject = Static<typeof FolderObject>;

const name = Type.String({ minLength: 1, maxLength: 255, description: 'Unique per account' });

export const FolderBody = Type.Object({ name }, { additionalProperties: false, examples: [{ name: 'Newsletters' }] });
export type FolderBody = Static<typeof FolderBody>;

export const FolderParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) }, { additionalProperties: false });
export const FolderListQuery = Type.Object({ ...PageQuery.properties }, { additionalProperties: false });
export type FolderListQuery = Static<typeof FolderListQuery>;
export const FolderDeleted = Type.Object({ id: Type.Integer(), deleted: Type.Literal(true) });
