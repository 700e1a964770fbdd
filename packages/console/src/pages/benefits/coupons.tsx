import { keepPreviousData } from '@tanstack/react-query';
import { CUSTOMER_HINT, useCustomerRef } from '../../api/customers.js';
import { useGet } from '../../api/queries.js';
import { SelectField, TextField } from '../../components/form.js';
import { Page, Section } from '../../components/layout.js';
import { PAGE_SIZE, Pager, usePage } from '../../components/pager.js';
import { Empty, Loading } from '../../components/states.js';
import { zoneDayEnd, zoneDayStart } from '../../lib/dates.js';
import { FilterBar, FilteredList, SubNav, filterError, useFilterBar } from '../catalogue/shared.js';
import { BENEFITS_NAV, CouponsTable } from './shared.js';

// Coupons (B6): every assignment, newest first, filtered by customer, benefit and dates.

const FILTERS = ['customer', 'benefit_id', 'from', 'to'] as const;

export default function CouponsPage() {
  const bar = useFilterBar(FILTERS);
  const [page, setPage] = usePage();
  const benefits = useGet('/benefits/all', { params: { query: { page: 0, limit: 100 } } });
  const { customer, benefit_id, from, to } = bar.query;
  // The dates are the account's days (T5): their first and last seconds there.
  const dates = { from: from && zoneDayStart(from), to: to && zoneDayEnd(to) };
  // The customer typed (an e-mail, a customer ID in your shop or a number) is looked up, then asked for by userapp_id.
  const who = useCustomerRef(customer ?? '', 'customer');
  const waiting = customer !== undefined && !who.data;
  const query = { page, limit: PAGE_SIZE, ...dates, userapp_id: who.data?.userapp_id, benefit_id: benefit_id ? Number(benefit_id) : undefined };
  const coupons = useGet('/coupons', { params: { query } }, { placeholderData: keepPreviousData, enabled: !waiting });
  const options = [{ value: '', label: 'Any benefit' }, ...(benefits.data ?? []).map((b) => ({ value: String(b.id), label: b.title }))];
  if (bar.applied.benefit_id && !options.some((o) => o.value === bar.applied.benefit_id)) options.push({ value: bar.applied.benefit_id, label: `Benefit ${bar.applied.benefit_id}` });
  return (
    <Page title="Coupons">
      <SubNav label="Benefits and coupons" items={BENEFITS_NAV} />
      <Section title="Coupons">
        <FilterBar label="Filter coupons" bar={bar} error={who.error ?? filterError(coupons.error, FILTERS)}>
          <TextField label="Customer" name="customer" value={bar.draft.customer} onValue={bar.set('customer')} hint={CUSTOMER_HINT} autoCapitalize="off" spellCheck={false} />
          <SelectField label="Benefit" name="benefit_id" value={bar.draft.benefit_id} onValue={bar.setNow('benefit_id')} options={options} />
          <TextField label="From" name="from" type="date" value={bar.draft.from} onValue={bar.set('from')} />
          <TextField label="To" name="to" type="date" value={bar.draft.to} onValue={bar.set('to')} />
        </FilterBar>
        {who.isError ? (
          <Empty>Correct the customer above to see their coupons.</Empty>
        ) : waiting ? (
          <Loading label="Looking for the customer…" />
        ) : (
        <FilteredList query={coupons} bar={bar} names={FILTERS} page={page} noun="coupons" empty="No coupons yet. A coupon is made each time a benefit is assigned to a customer (on the benefit’s page).">
          {(data) => (
            <>
              <CouponsTable coupons={data} withBenefit />
              <Pager page={page} count={data.length} onPage={setPage} label="Coupons" />
            </>
          )}
        </FilteredList>
        )}
      </Section>
    </Page>
  );
}
