import { type KindDefinitions, type ResolvedValue, resolveValues } from '../../lib/attribute-values.js';
import { invalidField } from '../../lib/errors.js';
import { datetimeField, encodeMetadata } from '../../lib/fields.js';
import { type CategoryPathItem, normaliseCategoryPath } from '../categories/path.js';
import type { Identity } from '../users/repository.js';
import type { ItemData, NewPurchaseItemRow, PurchaseRow } from './repository.js';
import { PRICE_FIELDS, type PurchaseInput } from './schemas.js';

// S1's rules beyond the schema, checked before anything is read or written: a validated body
// becomes the rows to store. Every failure is a 400 naming the field (in bulk, a failed entry).

/** A purchase ready to store: everything but the user, the branch id and the creation time. */
export interface PreparedPurchase {
  invoiceNumber: string;
  identity: Identity;
  /** The purchase columns; `user_id`, `branch_id` and `createtime` are filled when written. */
  row: Omit<PurchaseRow, 'id' | 'account_id' | 'user_id' | 'branch_id' | 'createtime'>;
  /** undefined: "now" on create, the stored one on PUT. */
  createtime?: string;
  branchName?: string;
  points: number;
  custom: ResolvedValue[];
  items: PreparedItem[];
}

export interface PreparedItem {
  row: NewPurchaseItemRow;
  category: CategoryPathItem[];
  custom: ResolvedValue[];
  /** What a product created from this item gets (S1): its fields besides sku and name. */
  product: { price: number | null; url: string | null; image_url: string | null; thumbnail_url: string | null; brand: string | null };
}

/** The custom attribute definitions a purchase is checked against (loaded once per request). */
export interface PurchaseDefinitions {
  purchases: KindDefinitions;
  items: KindDefinitions;
}

function notBlank(field: string, value: string): string {
  if (value.trim() === '') throw invalidField(field, 'must not be blank');
  return value;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function withoutNulls(value: unknown): unknown {
  if (!isRecord(value)) return value;
  for (const [key, item] of Object.entries(value)) if (item === null) delete value[key];
  return value;
}

/**
 * G8 inside a purchase body: a null means "not given" at the top level, in `seller`, in each payment
 * and in each item (custom attribute values and `prices` keep theirs). Works in place, before the
 * schema sees the body.
 */
export function dropNulls(body: unknown): void {
  if (!isRecord(body)) return;
  withoutNulls(body);
  withoutNulls(body.seller);
  if (Array.isArray(body.payment)) body.payment.forEach(withoutNulls);
  else withoutNulls(body.payment);
  if (Array.isArray(body.purchase_detail)) body.purchase_detail.forEach(withoutNulls);
}

/** The custom attribute kinds a set of bodies carries values of (to load only those definitions). */
export function kindsUsed(bodies: PurchaseInput[]): { purchases: boolean; items: boolean } {
  const has = (values: Record<string, unknown> | undefined) => values !== undefined && Object.keys(values).length > 0;
  return {
    purchases: bodies.some((body) => has(body.custom_attributes)),
    items: bodies.some((body) => body.purchase_detail.some((item) => has(item.custom_attributes))),
  };
}

export function invoiceText(value: string | number): string {
  return typeof value === 'number' ? String(value) : value;
}

export function preparePurchase(body: PurchaseInput, definitions: PurchaseDefinitions): PreparedPurchase {
  const invoiceNumber = notBlank('invoice_number', invoiceText(body.invoice_number));
  const identity: Identity = { service_uid: body.service_uid, email: body.email, document: body.document, telephone: body.telephone };
  if (!Object.values(identity).some((value) => value !== undefined && value !== null && value.trim() !== '')) {
    throw invalidField('service_uid', 'is required (or email, document, telephone) to find the user');
  }
  const prices = Object.fromEntries(PRICE_FIELDS.map((field) => [`price_${field}`, body.prices?.[field] ?? 0])) as Record<
    `price_${(typeof PRICE_FIELDS)[number]}`,
    number
  >;
  const payment = body.payment === undefined ? [] : Array.isArray(body.payment) ? body.payment : [body.payment];
  const branchName = body.branch_name?.trim() || undefined;
  return {
    invoiceNumber,
    identity,
    row: {
      invoice_number: invoiceNumber,
      channel: body.channel ?? null,
      points: body.points ?? 0,
      ...prices,
      payment: JSON.stringify(payment),
      seller: body.seller === undefined ? null : JSON.stringify(body.seller),
      metadata: body.metadata === undefined ? null : encodeMetadata(body.metadata),
      approvedtime: body.approvedtime === undefined ? null : datetimeField('approvedtime', body.approvedtime, 'refuse'),
    },
    createtime: body.createtime === undefined ? undefined : datetimeField('createtime', body.createtime, 'refuse'),
    branchName,
    points: body.points ?? 0,
    custom: body.custom_attributes ? resolveValues(definitions.purchases, 'purchases', body.custom_attributes) : [],
    items: body.purchase_detail.map((item, index) => prepareItem(item, index, definitions.items)),
  };
}

function prepareItem(item: PurchaseInput['purchase_detail'][number], index: number, definitions: KindDefinitions): PreparedItem {
  const field = `purchase_detail[${index}]`;
  const data: ItemData = {};
  if (item.variations !== undefined) data.variations = item.variations;
  const category = item.category === undefined ? [] : normaliseCategoryPath(item.category, `${field}.category`);
  if (item.category !== undefined) data.category = category;
  for (const key of ['brand', 'url', 'image_url', 'thumbnail_url'] as const) if (item[key] !== undefined) data[key] = item[key];
  for (const key of ['manufacturer_warranty_date', 'extension_warranty_date'] as const) {
    const value = item[key];
    if (value !== undefined) data[key] = datetimeField(`${field}.${key}`, value, 'start');
  }
  if (item.with_extension_warranty !== undefined) data.with_extension_warranty = item.with_extension_warranty;
  return {
    row: {
      position: index,
      sku: notBlank(`${field}.sku`, item.sku),
      product_name: notBlank(`${field}.product_name`, item.product_name),
      quantity: item.quantity ?? 1,
      unit_price: item.unit_price ?? 0,
      data: JSON.stringify(data),
    },
    category,
    custom: item.custom_attributes ? resolveValues(definitions, 'purchase_items', item.custom_attributes, `${field}.custom_attributes`) : [],
    product: {
      price: item.unit_price ?? null,
      url: item.url ?? null,
      image_url: item.image_url ?? null,
      thumbnail_url: item.thumbnail_url ?? null,
      brand: item.brand ?? null,
    },
  };
}
