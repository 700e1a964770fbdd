// The segments of the segments bench (bench/segments.ts): the six reference segments R1–R6
// (bench/segments.ts) with, for each, the SQL a careful engineer would write by hand for the same audience,
// and 44 more definitions so that a customer is checked against 50 segments (GET /users/{id}/segments).
import { type RawBuilder, sql } from 'kysely';
import { formatDateTime } from '../../src/lib/time.js';
import { BENEFITS, type BuiltData, DAY_MS, EVENT_NAMES, TAG_POOL } from './segments-data.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Reference {
  key: string;
  title: string;
  definition: unknown;
  /** The hand-written count of the same audience: a statement answering one row `{n}`. */
  hand: (dialect: Dialect) => RawBuilder<{ n: number | string }>;
}

/** The branch, category subtree and tags R5 names. */
export const R5_BRANCH = 'Branch 3';
export const R5_CATEGORY = 'c2';
export const R5_TAGS = ['family', 'sports'];

export function references(data: BuiltData): Reference[] {
  const a = data.accountId;
  const anchorMs = new Date(`${data.anchor.replace(' ', 'T')}Z`).getTime();
  const now = data.anchor;
  const daysAgo = (days: number) => formatDateTime(new Date(anchorMs - days * DAY_MS));
  const event = (name: string) => data.events[name]!;
  const tier = data.attributes.tier!;
  const visits = data.attributes.visits!;
  const firstStoreVisit = data.attributes.first_store_visit!;
  const benefit = data.benefits[0]!;
  // Entries of the e-mail list that count: those of a live generation (db/blacklist-visibility.ts).
  const listedEmail = sql`select be.value from blacklist_entries be where be.account_id = ${a} and be.list = 'email'
      and be.generation not in (select bg.generation from blacklist_generations bg where bg.account_id = ${a} and bg.list = 'email' and bg.state <> 'live')`;

  // R3: the month-days of the next 8 days (today included), as ranges of `MM-DD`.
  const today = new Date(Date.UTC(new Date(anchorMs).getUTCFullYear(), new Date(anchorMs).getUTCMonth(), new Date(anchorMs).getUTCDate()));
  const monthDays: string[] = [];
  for (let i = 0; i <= 7; i += 1) {
    const day = new Date(today.getTime() + i * DAY_MS);
    const md = formatDateTime(day).slice(5, 10);
    monthDays.push(md);
    const year = day.getUTCFullYear();
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    if (md === '02-28' && !leap) monthDays.push('02-29');
  }
  const birthday = sql.join(
    splitRanges(monthDays).map(([from, to]) => sql`substr(u.birthdate, 6, 5) between ${from} and ${to}`),
    sql` or `,
  );

  // Ages 25–40 in whole years at the anchor's day: born on or before (today − 25 years), after (today − 41 years).
  const yearsAgo = (years: number) => `${String(today.getUTCFullYear() - years).padStart(4, '0')}${formatDateTime(today).slice(4, 10)}`;

  const subtree = sql`with recursive sub(id) as (
      select c.id from categories c where c.account_id = ${a} and c.code = ${R5_CATEGORY}
      union all
      select c.id from categories c inner join sub on c.parent_id = sub.id where c.account_id = ${a})
    select id from sub`;

  return [
    {
      key: 'R1',
      title: 'R1 gold, 2+ purchases in 90 days',
      definition: {
        all: [
          { field: 'custom_attributes.tier', op: 'eq', value: 'gold' },
          { purchases: { within_last_days: 90 }, op: 'gte', value: 2 },
        ],
      },
      // From the customers with 2+ purchases in the window (one pass over the window's purchases),
      // each then looked up: gold, and a customer of the account.
      hand: () => sql`select count(*) as n from (
          select p.user_id from purchases p where p.account_id = ${a} and p.createtime >= ${daysAgo(90)} and p.createtime <= ${now}
           group by p.user_id having count(*) >= 2) b
        where exists (select 1 from attribute_value_items i where i.account_id = ${a} and i.definition_id = ${tier} and i.record_id = b.user_id and i.text_value = 'gold')
          and exists (select 1 from users u where u.id = b.user_id and u.account_id = ${a})`,
    },
    {
      key: 'R2',
      title: 'R2 lapsed 180 days, mailable',
      definition: {
        all: [
          { purchases: {}, op: 'gte', value: 1 },
          { purchases: { within_last_days: 180 }, op: 'eq', value: 0 },
          { field: 'mailing_enabled', op: 'eq', value: true },
        ],
      },
      // One pass over every purchase grouped by customer (none in the window), then the customer's flags.
      hand: () => sql`select count(*) as n from (
          select p.user_id from purchases p where p.account_id = ${a} group by p.user_id
          having max(case when p.createtime >= ${daysAgo(180)} and p.createtime <= ${now} then 1 else 0 end) = 0) b
        inner join users u on u.id = b.user_id
        where u.account_id = ${a} and u.mailing_enabled <> 0
          and (u.email_list_key is null or not exists (select 1 from blacklist_entries be where be.account_id = ${a} and be.list = 'email' and be.value = u.email_list_key
               and be.generation not in (select bg.generation from blacklist_generations bg where bg.account_id = ${a} and bg.list = 'email' and bg.state <> 'live')))`,
    },
    {
      key: 'R3',
      title: 'R3 birthday in 7 days, 500+ points',
      definition: {
        all: [
          { field: 'birthdate', op: 'birthday_within_days', value: 7 },
          { field: 'points', op: 'gte', value: 500 },
        ],
      },
      hand: () => sql`select count(*) as n from users u
        where u.account_id = ${a} and u.points >= 500 and u.birthdate is not null and (${birthday})`,
    },
    {
      key: 'R4',
      title: 'R4 3+ views in 30 days, no purchase, open cart',
      definition: {
        all: [
          { event: 'product-view', within_last_days: 30, op: 'gte', value: 3 },
          { purchases: { within_last_days: 30 }, op: 'eq', value: 0 },
          { abandoned_cart: {}, op: 'has' },
        ],
      },
      // From the customers with 3+ views in the window (one range of the event's index, grouped),
      // each then looked up: an open cart, no purchase in the window, a customer of the account.
      hand: () => sql`select count(*) as n from (
          select e.user_id from user_events e where e.account_id = ${a} and e.event_id = ${event('product-view')}
             and e.datetime >= ${daysAgo(30)} and e.datetime <= ${now}
           group by e.user_id having count(*) >= 3) v
        where exists (select 1 from abandoned_carts ac where ac.account_id = ${a} and ac.user_id = v.user_id and ac.recovered = 0)
          and not exists (select 1 from purchases p where p.account_id = ${a} and p.user_id = v.user_id and p.createtime >= ${daysAgo(30)} and p.createtime <= ${now})
          and exists (select 1 from users u where u.id = v.user_id and u.account_id = ${a})`,
    },
    {
      key: 'R5',
      title: 'R5 1,000+ in 365 days at a branch in a category subtree, tagged',
      definition: {
        all: [
          { purchases: { within_last_days: 365, branch_name: R5_BRANCH, category: R5_CATEGORY }, measure: 'total', op: 'gte', value: 1000 },
          { field: 'tags', op: 'has_any', value: R5_TAGS },
        ],
      },
      // The branch's purchases in the window with an item in the subtree, summed per customer.
      // SQLite: the customers with the tags walked by that list; PostgreSQL: the subtree's SKUs and
      // the branch first, then the purchases (the faster of the forms tried on each).
      hand: (dialect) =>
        dialect === 'sqlite'
          ? sql`select count(*) as n from users u
              where u.account_id = ${a} and (u.tags_folded like ${`%|${R5_TAGS[0]}|%`} or u.tags_folded like ${`%|${R5_TAGS[1]}|%`})
                and u.id in (
                  select p.user_id from purchases p
                   where p.account_id = ${a} and p.createtime >= ${daysAgo(365)} and p.createtime <= ${now}
                     and p.branch_id in (select b.id from branches b where b.account_id = ${a} and b.name_key = ${R5_BRANCH.toLowerCase()})
                     and exists (select 1 from purchase_items pi inner join products pr on pr.account_id = ${a} and pr.sku = pi.sku
                                  where pi.account_id = ${a} and pi.purchase_id = p.id and pr.category_id in (${subtree}))
                   group by p.user_id having sum(floor(p.price_total * 10000 + 0.5)) >= 10000000)`
          : sql`with cats as (${subtree}),
                skus as (select pr.sku from products pr where pr.account_id = ${a} and pr.category_id in (select id from cats)),
                branch as (select b.id from branches b where b.account_id = ${a} and b.name_key = ${R5_BRANCH.toLowerCase()})
              select count(*) as n from (
                select p.user_id from purchases p
                 where p.account_id = ${a} and p.createtime >= ${daysAgo(365)} and p.createtime <= ${now} and p.branch_id in (select id from branch)
                   and exists (select 1 from purchase_items pi where pi.account_id = ${a} and pi.purchase_id = p.id and pi.sku in (select sku from skus))
                 group by p.user_id having sum(floor(p.price_total * 10000 + 0.5)) >= 10000000) b
              inner join users u on u.id = b.user_id
              where u.account_id = ${a} and (u.tags_folded like ${`%|${R5_TAGS[0]}|%`} or u.tags_folded like ${`%|${R5_TAGS[1]}|%`})`,
    },
    {
      key: 'R6',
      title: 'R6 nested any/not, 10 conditions',
      definition: {
        all: [
          {
            any: [
              { field: 'custom_attributes.tier', op: 'in', value: ['silver', 'gold'] },
              { field: 'custom_attributes.visits', op: 'gte', value: 20 },
              { all: [{ field: 'age', op: 'between', value: [25, 40] }, { field: 'tags', op: 'has', value: 'family' }] },
            ],
          },
          { not: { any: [{ blacklisted: 'email', value: true }, { benefit: benefit, op: 'has' }] } },
          {
            any: [
              { event: 'login', within_last_days: 60, op: 'gte', value: 2 },
              { purchases: { within_last_days: 120, channel: 'web' }, op: 'gte', value: 1 },
              { field: 'custom_attributes.first_store_visit', op: 'within_last_days', value: 365 },
              { abandoned_cart: { within_last_days: 30 }, op: 'has' },
            ],
          },
        ],
      },
      hand: () => sql`select count(*) as n from users u
        where u.account_id = ${a}
          and (u.id in (select i.record_id from attribute_value_items i where i.account_id = ${a} and i.definition_id = ${tier} and i.text_value in ('silver', 'gold'))
               or u.id in (select i.record_id from attribute_value_items i where i.account_id = ${a} and i.definition_id = ${visits} and i.number_value >= 20)
               or (u.birthdate <= ${yearsAgo(25)} and u.birthdate > ${yearsAgo(41)} and u.tags_folded like '%|family|%'))
          and (u.email_list_key is null or u.email_list_key not in (${listedEmail}))
          and u.id not in (select c.user_id from coupons c where c.account_id = ${a} and c.benefit_id = ${benefit})
          and (u.id in (select e.user_id from user_events e where e.account_id = ${a} and e.event_id = ${event('login')}
                        and e.datetime >= ${daysAgo(60)} and e.datetime <= ${now} group by e.user_id having count(*) >= 2)
               or u.id in (select p.user_id from purchases p where p.account_id = ${a} and p.channel = 'web' and p.createtime >= ${daysAgo(120)} and p.createtime <= ${now})
               or u.id in (select i.record_id from attribute_value_items i where i.account_id = ${a} and i.definition_id = ${firstStoreVisit}
                           and i.text_value >= ${daysAgo(365)} and i.text_value <= ${now})
               or u.id in (select ac.user_id from abandoned_carts ac where ac.account_id = ${a} and ac.recovered = 0
                           and ac.createtime >= ${daysAgo(30)} and ac.createtime <= ${now}))`,
    },
  ];
}

/** Consecutive `MM-DD` values as [from, to] ranges (a window over the new year gives two). */
function splitRanges(monthDays: string[]): Array<[string, string]> {
  const sorted = [...new Set(monthDays)].sort();
  const out: Array<[string, string]> = [];
  for (const md of sorted) {
    const last = out[out.length - 1];
    if (last && nextMonthDay(last[1]) === md) last[1] = md;
    else out.push([md, md]);
  }
  return out;
}

function nextMonthDay(md: string): string {
  const day = new Date(Date.UTC(2000, Number(md.slice(0, 2)) - 1, Number(md.slice(3, 5))) + DAY_MS);
  return formatDateTime(day).slice(5, 10);
}

/**
 * 44 more definitions, of every kind, with parameters spread so their audiences differ: with
 * R1–R6, the 50 segments a customer's GET /users/{id}/segments checks.
 */
export function otherDefinitions(data: BuiltData): Array<{ title: string; definition: unknown }> {
  const out: Array<{ title: string; definition: unknown }> = [];
  const add = (title: string, definition: unknown) => out.push({ title, definition });
  for (const value of ['bronze', 'silver', 'gold']) add(`Tier ${value}`, { all: [{ field: 'custom_attributes.tier', op: 'eq', value }] });
  for (const [min, max] of [[0, 499], [2000, 5000]]) add(`Points ${min}-${max}`, { all: [{ field: 'points', op: 'between', value: [min, max] }] });
  for (const city of ['Madrid', 'cordoba']) add(`City ${city}`, { all: [{ field: 'city', op: 'eq', value: city }] });
  for (const tag of TAG_POOL.slice(0, 3)) add(`Tag ${tag}`, { all: [{ field: 'tags', op: 'has', value: tag }] });
  for (const [name, days, count] of [['login', 7, 1], ['search', 30, 2], ['add-to-cart', 14, 1], ['store-visit', 90, 1], [EVENT_NAMES[10]!, 365, 1], ['product-view', 7, 5]] as const) {
    add(`Event ${name} ${count}+ in ${days} days`, { all: [{ event: name, within_last_days: days, op: 'gte', value: count }] });
  }
  for (const [days, count] of [[30, 1], [365, 3], [730, 10]] as const) add(`Bought ${count}+ in ${days} days`, { all: [{ purchases: { within_last_days: days }, op: 'gte', value: count }] });
  add('Never bought', { all: [{ purchases: {}, op: 'eq', value: 0 }] });
  add('Spent 500+ in 180 days', { all: [{ purchases: { within_last_days: 180 }, measure: 'total', op: 'gte', value: 500 }] });
  add('Web buyers', { all: [{ purchases: { channel: 'web' }, op: 'gte', value: 1 }] });
  add('Bought SKU-00001', { all: [{ purchases: { sku: 'SKU-00001' }, op: 'gte', value: 1 }] });
  add('Category c1-1 in a year', { all: [{ purchases: { within_last_days: 365, category: 'c1-1' }, op: 'gte', value: 1 }] });
  add('Branch 1 regulars', { all: [{ purchases: { branch_name: 'Branch 1' }, op: 'gte', value: 3 }] });
  for (let b = 0; b < Math.min(3, BENEFITS); b += 1) add(`Has benefit ${b + 1}`, { all: [{ benefit: data.benefits[b]!, op: 'has' }] });
  add('Open cart this week', { all: [{ abandoned_cart: { within_last_days: 7 }, op: 'has' }] });
  add('No open cart', { all: [{ abandoned_cart: {}, op: 'has_not' }] });
  add('Blacklisted e-mail', { all: [{ blacklisted: 'email', value: true }] });
  add('Mailable', { all: [{ field: 'mailing_enabled', op: 'eq', value: true }] });
  add('SMS-able', { all: [{ field: 'sms_enabled', op: 'eq', value: true }] });
  for (const [min, max] of [[18, 24], [25, 34], [35, 49], [50, 95]]) add(`Age ${min}-${max}`, { all: [{ field: 'age', op: 'between', value: [min, max] }] });
  add('Birthday today', { all: [{ field: 'birthdate', op: 'birthday_within_days', value: 0 }] });
  add('Frequent visitors', { all: [{ field: 'custom_attributes.visits', op: 'gte', value: 30 }] });
  add('First visit this year', { all: [{ field: 'custom_attributes.first_store_visit', op: 'within_last_days', value: 365 }] });
  add('No e-mail', { all: [{ field: 'email', op: 'is_not_set' }] });
  add('Joined in 90 days', { all: [{ field: 'createtime', op: 'within_last_days', value: 90 }] });
  add('Gold or frequent, mailable', {
    all: [{ any: [{ field: 'custom_attributes.tier', op: 'eq', value: 'gold' }, { field: 'custom_attributes.visits', op: 'gte', value: 50 }] }, { field: 'mailing_enabled', op: 'eq', value: true }],
  });
  add('Not VIP, active', { all: [{ not: { field: 'tags', op: 'has', value: 'vip' } }, { event: 'login', within_last_days: 30, op: 'gte', value: 1 }] });
  if (out.length !== 44) throw new Error(`otherDefinitions: ${out.length} definitions, not 44`);
  if (out.length !== 44) throw new Error(`otherDefinitions: ${out.length} definitions, not 44`);
  return out;
}
