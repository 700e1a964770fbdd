import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { type Customer, customerName, readCustomerRef, searchCustomers } from '../api/customers.js';
import { useApi } from '../api/session.js';
import { formatCount } from '../lib/format.js';

// Choosing a customer by name: under a customer field, the customers its text finds (GET /users
// search, every word in a name, e-mail, customer ID in your shop, document or telephone), each a button. The
// field keeps working as before for an e-mail, customer ID in your shop or number typed whole (findCustomer).

/** Suggestions are asked this long after the last keystroke. */
const DELAY_MS = 250;
const SHOWN = 8;

function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/** The customers `text` finds, as buttons; `onChoose` gets the one clicked. Nothing for a `#number` or fewer than 2 characters. */
export function CustomerSuggestions({ text, onChoose, hidden = false }: { text: string; onChoose: (customer: Customer) => void; hidden?: boolean }) {
  const api = useApi();
  const listId = useId();
  const settled = useSettled(text.trim());
  const ref = readCustomerRef(settled);
  const enabled = !hidden && settled.length >= 2 && ref !== null && ref.kind !== 'id';
  const found = useQuery({
    queryKey: ['api', '/users', 'suggestions', settled],
    queryFn: ({ signal }) => searchCustomers(api, settled, SHOWN, signal),
    enabled,
    staleTime: 15_000,
    retry: false,
  });
  if (!enabled || !found.data || text.trim() === '') return null;
  const { users, total } = found.data;
  if (users.length === 0)
    return (
      <p className="hint" aria-live="polite" data-testid="customer-suggestions-none">
        No customer’s name, e-mail, customer ID in your shop or document holds “{settled}”.
      </p>
    );
  return (
    <div className="customer-suggestions" data-testid="customer-suggestions">
      <p className="hint" id={listId} aria-live="polite">
        {/* Not "customer": the list is named by this line, and the field it helps is "Customer". */}
        {total > users.length ? `${formatCount(total)} matches; the first ${users.length}, choose one:` : total === 1 ? 'One match, choose it:' : `${total} matches, choose one:`}
      </p>
      <ul aria-labelledby={listId}>
        {users.map((user) => (
          <li key={user.userapp_id}>
            <button type="button" className="link" onClick={() => onChoose(user)}>
              {customerName(user)}
            </button>{' '}
            <span className="muted">
              {[user.email, user.service_uid ? `ID in your shop ${user.service_uid}` : null, `#${user.userapp_id}`].filter(Boolean).join(' · ')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
