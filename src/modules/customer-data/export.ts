import type { UserDirectory } from '../users/directory.js';
import type { Identity, UserRow } from '../users/repository.js';
import type { LedgerEntry, UserObject } from '../users/schemas.js';
import { requireIdentity } from './erasure.js';

/**
 * D3: where each part of a customer's export comes from. Each is the module that serves the part's
 * own endpoint, answering every row at once in that endpoint's shape (src/services.ts wires them;
 * this module cannot import the modules of its own floor).
 */
export interface CustomerRecords {
  /** GET /users/{id}/transactions (U8). */
  pointsLedger(accountId: number, userId: number): Promise<LedgerEntry[]>;
  /** GET /users/{id}/purchases (S4). */
  purchases(accountId: number, user: UserRow): Promise<object[]>;
  /** GET /user-events (E4). */
  userEvents(accountId: number, userId: number): Promise<object[]>;
  /** GET /coupons (B6). */
  coupons(accountId: number, userId: number): Promise<object[]>;
  /** GET /users/{id}/members (U9). */
  familyMembers(accountId: number, userId: number): Promise<object[]>;
  /** GET /users/{id}/abandoned-carts (A1). */
  abandonedCarts(accountId: number, userId: number): Promise<object[]>;
  /** GET /users/{id}/segments (SG5). */
  segments(accountId: number, userId: number): Promise<object[]>;
  /** M9: the mailings the customer is a recipient of. */
  mailings(accountId: number, userId: number): Promise<object[]>;
  /** GET /users/{id}/value (U14). */
  value(accountId: number, userId: number): Promise<object>;
}

export interface CustomerExport {
  user: UserObject;
  points_ledger: LedgerEntry[];
  purchases: object[];
  user_events: object[];
  coupons: object[];
  family_members: object[];
  abandoned_carts: object[];
  segments: object[];
  mailings: object[];
  value: object;
}

export interface CustomerExportDeps {
  directory: Pick<UserDirectory, 'requireByRef' | 'requireByIdentity' | 'presentOne'>;
  records: CustomerRecords;
}

/** D3: everything held about one customer, in one answer. */
export class CustomerExportService {
  constructor(private readonly deps: CustomerExportDeps) {}

  /** GET /users/{id}/export (U3). */
  async byRef(accountId: number, rawId: string): Promise<CustomerExport> {
    return this.export(accountId, await this.deps.directory.requireByRef(accountId, rawId));
  }

  /** GET /multiusers/export (U6). */
  async byIdentity(accountId: number, identity: Identity): Promise<CustomerExport> {
    return this.export(accountId, await this.deps.directory.requireByIdentity(accountId, requireIdentity(identity)));
  }

  private async export(accountId: number, user: UserRow): Promise<CustomerExport> {
    const { records, directory } = this.deps;
    const id = user.id;
    // One part after another: on SQLite every read runs on the one connection anyway.
    return {
      user: await directory.presentOne(accountId, user),
      points_ledger: await records.pointsLedger(accountId, id),
      purchases: await records.purchases(accountId, user),
      user_events: await records.userEvents(accountId, id),
      coupons: await records.coupons(accountId, id),
      family_members: await records.familyMembers(accountId, id),
      abandoned_carts: await records.abandonedCarts(accountId, id),
      segments: await records.segments(accountId, id),
      mailings: await records.mailings(accountId, id),
      value: await records.value(accountId, id),
    };
  }
}
