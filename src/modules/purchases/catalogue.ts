import type { AttributeValuesRepository } from '../../db/attribute-values.js';
import type { KindDefinitions } from '../../lib/attribute-values.js';
import { kindsUsed, type PreparedPurchase, type PurchaseDefinitions } from './prepare.js';
import type { PurchaseInput } from './schemas.js';

/** What S1 (unknown SKUs become products) reads of the catalogue before writing (the products repository provides it). */
export interface CatalogueReads {
  existingSkus(accountId: number, skus: string[]): Promise<Set<string>>;
}

/** What a purchase is checked against before anything is written: custom attribute definitions and known products. */
export class PurchaseCatalogue {
  private readonly attributeValues: Pick<AttributeValuesRepository, 'definitions'>;
  private readonly products: CatalogueReads;

  constructor({ attributeValues, products }: { attributeValues: PurchaseCatalogue['attributeValues']; products: CatalogueReads }) {
    this.attributeValues = attributeValues;
    this.products = products;
  }

  /** The definitions of the kinds these bodies carry values of: at most two queries per request. */
  async definitions(accountId: number, bodies: PurchaseInput[]): Promise<PurchaseDefinitions> {
    const used = kindsUsed(bodies);
    const empty: KindDefinitions = new Map();
    const [purchases, items] = await Promise.all([
      used.purchases ? this.attributeValues.definitions(accountId, 'purchases') : empty,
      used.items ? this.attributeValues.definitions(accountId, 'purchase_items') : empty,
    ]);
    return { purchases, items };
  }

  knownSkus(accountId: number, purchases: PreparedPurchase[]): Promise<Set<string>> {
    return this.products.existingSkus(
      accountId,
      purchases.flatMap((p) => p.items.map((item) => item.row.sku)),
    );
  }
}
