import type { Payload, RapportClient } from '@rapport/sdk';
import { encodeUserRef } from '@rapport/sdk';
import { type QueryClient, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { FieldProblem, isNotFound } from './errors.js';
import { useApi } from './session.js';
import { formatCount } from '../lib/format.js';

// Customers as people. Wherever the console asks for a customer, a person types what they know:
// a name, an e-mail, a customer ID in your shop or the customer number (userapp_id), and may choose from the
// customers the text finds as they type (components/customer-picker.tsx). findCustomer turns the
// text into the customer, asking the API the way the text reads (GET /multiusers/find?email= or
// ?service_uid=, GET /users/{number}, else GET /users?search= for a name); the endpoint is then called with the customer's userapp_id. Customers are
// shown by name (first and last name, else e-mail, else customer ID in your shop), not by their identifiers.

export type Customer = Payload<'get', '/users/{id}'>;

/**
 * What a change of one customer (profile, custom values, tags, points) makes stale: the customer,
 * the customer lists, and the segments they are in now (GET /users/{id}/segments is computed when
 * asked, SG5, so a change of membership shows on the next read).
 */
export const CUSTOMER_CHANGED: QueryKey[] = [['api', '/users/{id}'], ['api', '/users'], ['api', '/users/{id}/segments']];

type Named = { userapp_id: number; first_name?: string | null; last_name?: string | null; email?: string | null; service_uid?: string | null };

/** A customer for people: first and last name, else the e-mail, else the customer ID in your shop, else "#id". */
export function customerName(user: Named): string {
  const name = [user.first_name, user.last_name].filter((part) => part && part.trim() !== '').join(' ');
  return name || user.email || user.service_uid || `#${user.userapp_id}`;
}

/** A customer that could not be found from what was typed: the message says what was tried. */
export class CustomerLookupError extends Error {
  override readonly name = 'CustomerLookupError';
}

/** The hint under every "customer" field. */
export const CUSTOMER_HINT = 'Their name, e-mail, customer ID in your shop or customer number (#1102 for a number that is also a customer ID in your shop); choose from the list as you type.';

const MAX_ID = 2_147_483_647;

/** What a typed customer reads as. */
export function readCustomerRef(text: string): { kind: 'email' | 'service_uid' | 'number' | 'id'; value: string } | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const hash = /^#\s*(\d+)$/.exec(trimmed);
  if (hash) return { kind: 'id', value: hash[1]! };
  if (/^[^\s@]+@[^\s@]+$/.test(trimmed)) return { kind: 'email', value: trimmed };
  if (/^\d+$/.test(trimmed)) return { kind: 'number', value: trimmed };
  return { kind: 'service_uid', value: trimmed };
}

/** A customer field's check for <Form validate>: something typed. */
export function checkCustomerRef(text: string): string | null {
  return readCustomerRef(text) ? null : 'Type the customer’s name, e-mail, customer ID in your shop or customer number.';
}

async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

function byNumber(api: RapportClient, value: string, signal?: AbortSignal): Promise<Customer | null> {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) return Promise.resolve(null);
  return orNull(api.GET('/users/{id}', { params: { path: { id: encodeUserRef(id) } }, signal }));
}

/**
 * The customers whose name, e-mail, customer ID in your shop, document or telephone hold every word of `text`
 * (U3's search), the first `limit`, with how many there are in all (GET /users `total=true`).
 */
export async function searchCustomers(api: RapportClient, text: string, limit: number, signal?: AbortSignal): Promise<{ users: Customer[]; total: number }> {
  const { data, response } = await api.raw.GET('/users', { params: { query: { search: text, limit, total: true } }, signal });
  if (!response.ok || !data) throw new CustomerLookupError('The customers could not be searched: try again.');
  const users = data.payload as Customer[];
  const total = Number(response.headers.get('X-Total-Count') ?? users.length);
  return { users, total: Number.isFinite(total) ? total : users.length };
}

/** Who a name (or part of an e-mail…) finds: the one customer, or an error saying how many and how to choose. */
async function byName(api: RapportClient, value: string, signal?: AbortSignal): Promise<Customer | null> {
  const { users, total } = await searchCustomers(api, value, 2, signal);
  if (total === 1 && users[0]) return users[0];
  if (total > 1) throw new CustomerLookupError(`${formatCount(total)} customers match “${value}”: choose one from the list under the field, or type more of the name or the e-mail.`);
  return null;
}

const byServiceUid = (api: RapportClient, value: string, signal?: AbortSignal) => orNull(api.GET('/multiusers/find', { params: { query: { service_uid: value } }, signal }));
const byEmail = (api: RapportClient, value: string, signal?: AbortSignal) => orNull(api.GET('/multiusers/find', { params: { query: { email: value } }, signal }));

/**
 * The customer `text` names: an e-mail, a customer ID in your shop, a customer number, or `#number`. Digits are
 * looked up both ways (customer IDs in your shop are often digits): one match is the customer; two different
 * ones are an error that says how to choose.
 */
export async function findCustomer(api: RapportClient, text: string, signal?: AbortSignal): Promise<Customer> {
  const ref = readCustomerRef(text);
  if (!ref) throw new CustomerLookupError('Type the customer’s e-mail, customer ID in your shop or customer number.');
  const { kind, value } = ref;
  if (kind === 'id') {
    const found = await byNumber(api, value, signal);
    if (found) return found;
    throw new CustomerLookupError(`There is no customer number ${value}.`);
  }
  if (kind === 'email') {
    // An e-mail, or (rarely) a customer ID in your shop with an @ in it.
    const found = (await byEmail(api, value, signal)) ?? (await byServiceUid(api, value, signal)) ?? (await byName(api, value, signal));
    if (found) return found;
    throw new CustomerLookupError(`No customer has the e-mail “${value}”. Check it, or search the Customers page.`);
  }
  if (kind === 'service_uid') {
    // Text that is not an e-mail or a number: a customer ID in your shop, else a name ("José Pérez").
    const found = (await byServiceUid(api, value, signal)) ?? (await byName(api, value, signal));
    if (found) return found;
    throw new CustomerLookupError(`No customer is called or has the customer ID in your shop “${value}”. Check it, or search the Customers page.`);
  }
  const [numbered, withUid] = await Promise.all([byNumber(api, value, signal), byServiceUid(api, value, signal)]);
  if (numbered && withUid && numbered.userapp_id !== withUid.userapp_id) {
    throw new CustomerLookupError(
      `“${value}” matches two customers: number ${value} is ${customerName(numbered)}, and ${customerName(withUid)} has the customer ID in your shop ${value}. ` +
        `Type #${numbered.userapp_id} for ${customerName(numbered)} or #${withUid.userapp_id} for ${customerName(withUid)}.`,
    );
  }
  const found = numbered ?? withUid;
  if (found) return found;
  throw new CustomerLookupError(`No customer has the number or customer ID in your shop “${value}”. Check it, or search the Customers page.`);
}

/** findCustomer, its not-found and ambiguity errors about the form field `field` (shown under it). */
export async function findCustomerFor(field: string, api: RapportClient, text: string, signal?: AbortSignal): Promise<Customer> {
  try {
    return await findCustomer(api, text, signal);
  } catch (error) {
    throw error instanceof CustomerLookupError ? new FieldProblem(field, error.message) : error;
  }
}

/** The customer a filter's text names (for a listing's query), read once per text. */
export function useCustomerRef(text: string, field: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQuery<Customer, Error>({
    queryKey: ['api', 'customer-ref', text.trim()],
    queryFn: async ({ signal }) => remember(queryClient, await findCustomerFor(field, api, text, signal)),
    enabled: text.trim() !== '',
    staleTime: 60_000,
    retry: false,
  });
}

/** The key useGet('/users/{id}') reads a customer under, so a customer found once is not read again. */
const userKey = (userappId: number) => ['api', '/users/{id}', { params: { path: { id: encodeUserRef(userappId) } } }];

function remember(queryClient: QueryClient, customer: Customer): Customer {
  queryClient.setQueryData(userKey(customer.userapp_id), customer);
  return customer;
}

/** How many customers are read at once while a page's names are fetched. */
const AT_ONCE = 4;

/**
 * The customers of one page of a listing (purchases, user events), by userapp_id, to show them by
 * name. The API reads one customer per call (there is no read of several ids), so this is one
 * batch per page: each distinct customer once (rows of the same customer share it), at most
 * AT_ONCE calls at a time, and customers already read (this page before, a customer's page) come
 * from the cache. A customer that cannot be read is left out; its row shows what the listing has.
 */
export function usePeople(ids: readonly number[]) {
  const api = useApi();
  const queryClient = useQueryClient();
  const distinct = [...new Set(ids)].sort((a, b) => a - b);
  return useQuery<ReadonlyMap<number, Customer>, Error>({
    queryKey: ['api', 'people', distinct],
    enabled: distinct.length > 0,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const found = new Map<number, Customer>();
      const queue = [...distinct];
      const worker = async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          const key = userKey(id);
          const cached = queryClient.getQueryData<Customer>(key);
          if (cached) {
            found.set(id, cached);
            continue;
          }
          try {
            found.set(id, remember(queryClient, await api.GET('/users/{id}', { params: { path: { id: encodeUserRef(id) } }, signal })));
          } catch (error) {
            if (signal.aborted) throw error;
            // deleted since, or the server busy: the row keeps the listing's own identifiers
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(AT_ONCE, distinct.length) }, worker));
      return found;
    },
  });
}
