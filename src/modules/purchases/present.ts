import { decodeAttributeValue, type KindDefinitions, type ResolvedValue } from '../../lib/attribute-values.js';
import type { UserRow } from '../users/repository.js';
import type { PreparedPurchase, PurchaseDefinitions } from './prepare.js';
import type { ItemData, PurchaseItemRow, PurchaseListRow } from './repository.js';
import type { PaymentInput, PurchaseItemObject, PurchaseObject } from './schemas.js';
import type { Written } from './write.js';

// The S4 purchase object (its user, branch, prices, payments and items), built by one pure function
// from rows: GET reads the rows (one query per related table per page), POST and PUT hand it the rows
// they have just written, so both answer the same shape from the same code.

export interface PurchaseUser {
  id: number;
  service_uid: string | null;
  email: string | null;
  document: string | null;
}

export interface PurchaseParts {
  users: Map<number, PurchaseUser>;
  /** Each purchase's items in position order. */
  items: Map<number, PurchaseItemRow[]>;
  purchaseCustom: Map<number, Record<string, unknown>>;
  itemCustom: Map<number, Record<string, unknown>>;
}

function presentItem(row: PurchaseItemRow, custom: Record<string, unknown>): PurchaseItemObject {
  const data = JSON.parse(row.data) as ItemData;
  return {
    sku: row.sku,
    product_name: row.product_name,
    quantity: Number(row.quantity),
    unit_price: Number(row.unit_price),
    variations: data.variations ?? [],
    category: data.category ?? [],
    brand: data.brand ?? null,
    url: data.url ?? null,
    image_url: data.image_url ?? null,
    thumbnail_url: data.thumbnail_url ?? null,
    manufacturer_warranty_date: data.manufacturer_warranty_date ?? null,
    extension_warranty_date: data.extension_warranty_date ?? null,
    with_extension_warranty: data.with_extension_warranty ?? null,
    custom_attributes: custom,
  };
}

export function presentPurchase(row: PurchaseListRow, parts: PurchaseParts): PurchaseObject {
  const id = Number(row.id);
  const user = parts.users.get(Number(row.user_id));
  const seller = row.seller === null ? null : (JSON.parse(row.seller) as { name?: string; email?: string; external_id?: string | number });
  return {
    id,
    invoice_number: row.invoice_number,
    user: {
      userapp_id: Number(row.user_id),
      service_uid: user?.service_uid ?? null,
      email: user?.email ?? null,
      document: user?.document ?? null,
    },
    branch: row.branch_id === null || row.branch_name === null ? null : { id: Number(row.branch_id), name: row.branch_name },
    channel: row.channel,
    points: Number(row.points),
    prices: {
      cost: Number(row.price_cost),
      shipping: Number(row.price_shipping),
      gross: Number(row.price_gross),
      tax: Number(row.price_tax),
      discount: Number(row.price_discount),
      total: Number(row.price_total),
    },
    payment: (JSON.parse(row.payment) as PaymentInput[]).map((p) => ({
      type: p.type,
      brand: p.brand ?? null,
      bank: p.bank ?? null,
      total: p.total ?? null,
      installments: p.installments ?? null,
    })),
    seller: seller && { name: seller.name ?? null, email: seller.email ?? null, external_id: seller.external_id ?? null },
    purchase_detail: (parts.items.get(id) ?? []).map((item) => presentItem(item, parts.itemCustom.get(Number(item.id)) ?? {})),
    metadata: row.metadata === null ? null : (JSON.parse(row.metadata) as Record<string, unknown>),
    custom_attributes: parts.purchaseCustom.get(id) ?? {},
    createtime: row.createtime,
    approvedtime: row.approvedtime,
  };
}

/** The S4 object (user, branch, prices, payments, items) of a purchase just written, from what was written (no read back). */
export function presentWritten(written: Written, prepared: PreparedPurchase, user: UserRow, definitions: PurchaseDefinitions): PurchaseObject {
  const names = (definitions: KindDefinitions) => new Map([...definitions.values()].map((d) => [d.id, d]));
  const purchaseNames = names(definitions.purchases);
  const itemNames = names(definitions.items);
  // As AttributeValuesRepository.load answers them: in definition order.
  const customObject = (values: ResolvedValue[], byId: typeof purchaseNames) => {
    const out: Record<string, unknown> = {};
    for (const value of [...values].sort((a, b) => a.definitionId - b.definitionId)) {
      const decoded = value.value === null ? undefined : decodeAttributeValue(value.value);
      if (decoded !== undefined) out[byId.get(value.definitionId)!.name] = decoded;
    }
    return out;
  };
  const purchaseUser: PurchaseUser = { id: Number(user.id), service_uid: user.service_uid, email: user.email, document: user.document };
  const id = Number(written.row.id);
  return presentPurchase(written.row, {
    users: new Map([[purchaseUser.id, purchaseUser]]),
    items: new Map([[id, written.items]]),
    purchaseCustom: new Map([[id, customObject(prepared.custom, purchaseNames)]]),
    itemCustom: new Map(written.items.map((item, i) => [Number(item.id), customObject(prepared.items[i]!.custom, itemNames)])),
  });
}
