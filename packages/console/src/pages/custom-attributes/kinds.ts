import type { RapportClient } from '@rapport/sdk';
import { type GetResult, useGet } from '../../api/queries.js';

// The four kinds of custom attribute definitions share one shape and one set of rules; only the
// path differs (docs/custom-attributes.md).

export const KINDS = [
  { kind: 'users', label: 'Customer attributes', one: 'customer', path: '/account/custom-attributes' },
  { kind: 'products', label: 'Product attributes', one: 'product', path: '/account/product-custom-attributes' },
  { kind: 'purchases', label: 'Purchase attributes', one: 'purchase', path: '/account/purchase-custom-attributes' },
  { kind: 'purchase_items', label: 'Purchase item attributes', one: 'purchase item', path: '/account/purchase-item-custom-attributes' },
] as const;

export type Kind = (typeof KINDS)[number];
export type KindName = Kind['kind'];
export type Definition = GetResult<'/account/custom-attributes'>[number];
export type DefinitionBody = {
  label?: string;
  name?: string;
  field_type?: 'text' | 'select' | 'datetime' | 'checkbox';
  data_type?: 'string' | 'integer' | 'float' | 'timestamp';
  options?: { value: string; text: string }[];
  group?: string | null;
};

export const kindOf = (name: string): Kind => KINDS.find((kind) => kind.kind === name) ?? KINDS[0];

/** The definitions of one kind (creation order). */
export const useDefinitions = (kind: Kind) => useGet(kind.path as '/account/custom-attributes');

// The four paths have the same types; the calls are written once, against the first.
type Path = '/account/custom-attributes';

export const createDefinition = (api: RapportClient, kind: Kind, body: DefinitionBody) =>
  api.POST(kind.path as Path, { body: body as Required<Pick<DefinitionBody, 'label' | 'field_type' | 'data_type'>> & DefinitionBody });

export const updateDefinition = (api: RapportClient, kind: Kind, name: string, body: DefinitionBody) =>
  api.PUT(`${kind.path as Path}/{name}`, { params: { path: { name } }, body });

export const deleteDefinition = (api: RapportClient, kind: Kind, name: string) => api.DELETE(`${kind.path as Path}/{name}`, { params: { path: { name } } });
