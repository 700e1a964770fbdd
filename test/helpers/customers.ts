import assert from 'node:assert/strict';
import type { TestApp } from './app.js';
import { expectOk } from './assertions.js';
import { createUser } from './factories.js';
import { createPurchase } from './purchases.js';

// A customer with a row in every table that refers to customers, made through the API: what the
// erasure (D1–D4) and export (D3) tests start from.

/** What one account needs before its customers can have everything: definitions, an event, a benefit. */
interface AccountSetup {
  event: string;
  benefitId: number;
}

const setups = new Map<string, Promise<AccountSetup>>();

function setUp(t: TestApp, key: string): Promise<AccountSetup> {
  let setup = setups.get(key);
  if (!setup) {
    setup = (async () => {
      const options = { key };
      // Names unique per account: a test may share its app with other files' accounts.
      expectOk(await t.post('/apiv3/account/custom-attributes', { name: 'hobbies', label: 'Hobbies', field_type: 'text', data_type: 'string' }, options));
      expectOk(await t.post('/apiv3/account/purchase-custom-attributes', { name: 'store', label: 'Store', field_type: 'text', data_type: 'string' }, options));
      expectOk(await t.post('/apiv3/account/purchase-item-custom-attributes', { name: 'colour', label: 'Colour', field_type: 'text', data_type: 'string' }, options));
      const event = 'visit';
      assert.equal((await t.post('/apiv3/events', { name: event }, options)).status, 200);
      const benefit = expectOk(await t.post('/apiv3/benefits', { title: 'Coffee', startdate: '2020-01-01', enddate: '2099-12-31', stock: 1000 }, options));
      return { event, benefitId: benefit.id as number };
    })();
    setups.set(key, setup);
  }
  return setup;
}

export interface RichCustomer {
  user: any;
  /** D1's counts for this customer. */
  counts: Record<string, number>;
}

let sequence = 0;

/**
 * Creates a customer with a custom attribute value (an array: two attribute_value_items), two ledger
 * entries, three user events, two purchases (three items, custom values on both kinds), a coupon,
 * two family members, an abandoned cart and a club password.
 */
export async function richCustomer(t: TestApp, fields: Record<string, unknown> = {}, options: { key?: string } = {}): Promise<RichCustomer> {
  const key = options.key ?? t.key;
  const { event, benefitId } = await setUp(t, key);
  sequence += 1;
  const user = await createUser(
    t,
    { telephone: `+54 11 4000 ${String(1000 + sequence)}`, first_name: 'Rich', custom_attributes: { hobbies: ['chess', 'tango'] }, points: 50, ...fields },
    { key },
  );
  const as = { key };
  // A club password (U13): its hash is a row of club_passwords.
  expectOk(await t.put(`/apiv3/users/${user.userapp_id}`, { pass: 'Rich-club-pass' }, as));
  expectOk(await t.post(`/apiv3/users/${user.userapp_id}/points`, { concept: 'gift', points: 5 }, as));
  for (const day of ['01', '02', '03']) {
    expectOk(await t.post('/apiv3/user-events', { event, service_uid: user.service_uid, datetime: `2026-01-${day} 10:00:00`, metadata: { day } }, as));
  }
  await createPurchase(
    t,
    user,
    {
      custom_attributes: { store: 'north' },
      purchase_detail: [
        { sku: 'RICH-1', product_name: 'Mate', quantity: 1, unit_price: 10, custom_attributes: { colour: 'red' } },
        { sku: 'RICH-2', product_name: 'Bombilla', quantity: 2, unit_price: 5 },
      ],
    },
    as,
  );
  await createPurchase(t, user, {}, as);
  expectOk(await t.post(`/apiv3/benefits/${benefitId}/assign`, { userapp_id: String(user.userapp_id) }, { ...as, form: true }));
  const owner = `service_uid=${encodeURIComponent(user.service_uid)}`;
  for (const uid of ['kid', 'pet']) {
    expectOk(await t.post(`/apiv3/multiusers/members?${owner}`, { uid, first_name: uid, relationship: uid === 'kid' ? 'son' : 'pet_dog' }, as));
  }
  expectOk(await t.post(`/apiv3/users/${user.userapp_id}/abandoned-cart`, { external_id: `cart-${sequence}`, products: [{ sku: 'RICH-1', quantity: 1 }] }, as), 201);
  return {
    user,
    counts: { users: 1, user_events: 3, purchases: 2, purchase_items: 3, ledger_entries: 2, coupons: 1, family_members: 2, abandoned_carts: 1 },
  };
}
