import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, WebhookEndpointsTable, WebhookMessageStatus, WebhookMessagesTable } from '../../db/types.js';
import { deleteAccountRow, findAccountRow, selectAccountRows, updateAccountRow } from '../../db/account-rows.js';
import type { Page } from '../../http/pagination.js';
import type { MessageRow } from '../../jobs/webhooks/messages.js';

export type EndpointRow = Selectable<WebhookEndpointsTable>;

export class WebhooksRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(accountId: number, values: Omit<Insertable<WebhookEndpointsTable>, 'account_id'>): Promise<EndpointRow> {
    return this.db.insertInto('webhook_endpoints').values({ ...values, account_id: accountId }).returningAll().executeTakeFirstOrThrow();
  }

  list(accountId: number): Promise<EndpointRow[]> {
    return this.db.selectFrom('webhook_endpoints').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
  }

  async count(accountId: number): Promise<number> {
    const row = await this.db
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  find(accountId: number, id: number): Promise<EndpointRow | undefined> {
    return findAccountRow(this.db, 'webhook_endpoints', accountId, id);
  }

  async update(accountId: number, id: number, values: Updateable<WebhookEndpointsTable>): Promise<EndpointRow | undefined> {
    return updateAccountRow(this.db, 'webhook_endpoints', accountId, id, values);
  }

  async delete(accountId: number, id: number): Promise<boolean> {
    return deleteAccountRow(this.db, 'webhook_endpoints', accountId, id);
  }

  /** W5: newest first, ties by id descending. */
  deliveries(accountId: number, endpointId: number, filter: { status?: WebhookMessageStatus }, page: Page): Promise<MessageRow[]> {
    let query = this.db
      .selectFrom('webhook_messages')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('endpoint_id', '=', endpointId)
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset);
    if (filter.status) query = query.where('status', '=', filter.status);
    return query.execute();
  }

  findMessage(accountId: number, endpointId: number, messageId: string): Promise<MessageRow | undefined> {
    return selectAccountRows(this.db, 'webhook_messages', accountId).where('endpoint_id', '=', endpointId).where('message_id', '=', messageId).executeTakeFirst();
  }

  findMessageById(accountId: number, id: number): Promise<MessageRow | undefined> {
    return findAccountRow(this.db, 'webhook_messages', accountId, id);
  }

  async insertMessage(accountId: number, values: Omit<Insertable<WebhookMessagesTable>, 'account_id'>): Promise<MessageRow> {
    return this.db.insertInto('webhook_messages').values({ ...values, account_id: accountId }).returningAll().executeTakeFirstOrThrow();
  }
}
