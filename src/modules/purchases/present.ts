import type { PurchaseItemRow, PurchaseListRow } from './repository.js';
import type { PaymentInput, PurchaseItemObject, PurchaseObject } from './schemas.js';

// The S4 purchase object (its user, branch, prices, payments and items), built by one pure function
// from rows: GET reads the rows (one query per related table per page), POST and PUT hand it the rows
// they have just written, so both answer the same shape from the same code.

export interface PurchaseUser {
  id: number;
  service_uid: string | null;
  email: string | null;
  document: string | null;
}

/** An item's own copy of what was bought, beside its columns (purchase_items.data). */
export interface ItemData {
  variations?: Array<{ name: string; value: string | number }>;
  category?: Array<{ id: string; name: string }>;
  brand?: string;
  url?: string;
  image_url?: string;
  thumbnail_url?: string;
  manufacturer_warranty_date?: string;
  extension_warranty_date?: string;
  with_extension_warranty?: boolean;
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
