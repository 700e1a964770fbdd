import type { Transactor } from '../../db/transactions.js';
import { EVERY_ROW, type PageQuery, toPage } from '../../http/pagination.js';
import type { WebhookOutbox } from '../../jobs/webhooks/outbox.js';
import { BadRequestError, invalidField } from '../../lib/errors.js';
import { datetimeField } from '../../lib/fields.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import { normaliseCategoryPath } from '../categories/path.js';
import type { UserDirectory } from '../users/directory.js';
import type { UserRow } from '../users/repository.js';
import type { AbandonedCartsRepository, CartRow } from './repository.js';
import type { CartByIdentityInput, CartInput, CartItemObject, CartObject } from './schemas.js';

/** What the `data` column holds. */
interface CartData {
  products: CartItemObject[];
  total_price: number | null;
  source: string | null;
  recovered: boolean;
  recover_url: string | null;
}

function present(row: CartRow): CartObject {
  const data = JSON.parse(row.data) as CartData;
  return {
    id: row.id,
    userapp_id: row.user_id,
    external_id: row.external_id,
    products: data.products,
    total_price: data.total_price,
    source: data.source,
    recovered: data.recovered,
    recover_url: data.recover_url,
    createtime: row.createtime,
  };
}

export interface AbandonedCartsDeps {
  carts: Pick<AbandonedCartsRepository, 'list'>;
  directory: Pick<UserDirectory, 'requireByRef' | 'requireByIdentity'>;
  tx: Transactor<{ carts: Pick<AbandonedCartsRepository, 'upsert'>; webhookOutbox: Pick<WebhookOutbox, 'emit'> }>;
  clock: Clock;
}

export class AbandonedCartsService {

  constructor(private readonly deps: AbandonedCartsDeps) {}

  /** POST /multiusers/abandoned-cart: the user by service_uid, else email, else document (A1). */
  async recordByIdentity(accountId: number, input: CartByIdentityInput): Promise<CartObject> {
    const identity = { service_uid: input.service_uid, email: input.email, document: input.document };
    if (!Object.values(identity).some((value) => value !== undefined && value.trim() !== '')) {
      throw new BadRequestError('body: at least one of service_uid, email, document is required');
    }
    return this.record(accountId, await this.deps.directory.requireByIdentity(accountId, identity, 'user_not_found'), input);
  }

  /** POST /users/{id}/abandoned-cart. */
  async recordForUser(accountId: number, rawId: string, input: CartInput): Promise<CartObject> {
    return this.record(accountId, await this.deps.directory.requireByRef(accountId, rawId, 'user_not_found'), input);
  }

  private async record(accountId: number, user: UserRow, input: CartInput): Promise<CartObject> {
    const externalId = input.external_id.trim();
    if (externalId === '') throw invalidField('external_id', 'must not be blank');
    const createtime = input.createtime === undefined ? formatDateTime(this.deps.clock.now()) : datetimeField('createtime', input.createtime);
    // Categories are kept as the path of codes and names (P3's answer form); none is created.
    const products: CartItemObject[] = input.products.map(({ category, ...item }, index) =>
      category === undefined ? item : { ...item, category: normaliseCategoryPath(category, `products[${index}].category`) },
    );
    const data: CartData = {
      products,
      total_price: input.total_price ?? null,
      source: input.source ?? null,
      recovered: input.recovered ?? false,
      recover_url: input.recover_url ?? null,
    };
    // W2 abandoned_cart.created for every cart stored: a cart sent again (same external_id) replaces
    // the stored one and is announced again, as it now is.
    return this.deps.tx.run(async ({ carts, webhookOutbox }) => {
      const stored = present(await carts.upsert(accountId, user.id, { externalId, data: JSON.stringify(data), recovered: data.recovered, createtime }));
      await webhookOutbox.emit(accountId, [{ type: 'abandoned_cart.created', data: stored, userId: user.id }], this.deps.clock.now());
      return stored;
    });
  }

  /** D3: every abandoned cart of one customer, as GET /users/{id}/abandoned-carts answers them, not paginated. */
  async ofUser(accountId: number, userId: number): Promise<CartObject[]> {
    return (await this.deps.carts.list(accountId, userId, EVERY_ROW)).map(present);
  }

  /** GET /users/{id}/abandoned-carts: newest first (G6). */
  async list(accountId: number, rawId: string, query: PageQuery): Promise<CartObject[]> {
    const user = await this.deps.directory.requireByRef(accountId, rawId);
    return (await this.deps.carts.list(accountId, user.id, toPage(query))).map(present);
  }
}
