import { keepPreviousData } from '@tanstack/react-query';
import { Fragment, type ReactNode, useRef, useState } from 'react';
import { encodeUserRef } from '@rapport/sdk';
import { CUSTOMER_CHANGED, CUSTOMER_HINT, type Customer, checkCustomerRef, customerName, findCustomerFor } from '../../api/customers.js';
import { monthlyLimitInWords } from '../../api/errors.js';
import { CustomerSuggestions } from '../../components/customer-picker.js';
import { formatCount } from '../../lib/format.js';
import { useApiMutation, useGet } from '../../api/queries.js';
import { useApi } from '../../api/session.js';
import { Form, SubmitButton, TextField } from '../../components/form.js';
import { Page, Section } from '../../components/layout.js';
import { PAGE_SIZE, Pager, usePage } from '../../components/pager.js';
import { QueryView } from '../../components/states.js';
import type { PageProps } from '../../router.js';
import { Link, navigate } from '../../router.js';
import { showDateTime } from '../../lib/dates.js';
import { problems } from '../../lib/validate.js';
import { ConfirmDelete, DetailView } from '../catalogue/shared.js';
import { type Benefit, BenefitForm } from './benefit-form.js';
import { Changes } from '../../components/access.js';
import { Availability, CouponsTable, showValidity } from './shared.js';

// One benefit: where it stands, a form to change it, assigning it to a customer (B5: the API
// checks stock, dates, the monthly limit and the customer's points), its coupons, and deleting it.

function Details({ benefit }: { benefit: Benefit }) {
  const rows: [string, ReactNode][] = [
    ['Now', <Availability key="now" benefit={benefit} />],
    ['Status', benefit.status === '1' ? 'Active' : 'Inactive'],
    ['Points', formatCount(benefit.points)],
    ['Stock', benefit.stock === null ? 'Unlimited' : formatCount(benefit.stock)],
    ['Out of stock since', showDateTime(benefit.out_stock_at)],
    ['Per customer per month', benefit.monthly_redeems === '0' ? 'No limit' : benefit.monthly_redeems],
    ['Starts', showValidity(benefit.startdate, 'start')],
    ['Ends', showValidity(benefit.enddate, 'end')],
    ['Featured', benefit.featured === '1' ? 'Yes' : 'No'],
    ['Slug', benefit.slug],
    ['Created', showDateTime(benefit.created)],
    ['Changed', showDateTime(benefit.modified)],
  ];
  return (
    <dl className="pairs" data-testid="benefit-details">
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/**
 * Assign to a customer chosen by name from what the field finds as it is typed, or named as people
 * know them (an e-mail, a customer ID in your shop, the customer number): looked up first (findCustomer), then
 * POST /benefits/{id}/assign with their userapp_id.
 */
function Assign({ benefit }: { benefit: Benefit }) {
  const [customer, setCustomer] = useState('');
  const typed = useRef('');
  const [chosen, setChosen] = useState<Customer | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const assign = useApiMutation(
    async (api, { text, picked }: { text: string; picked: Customer | null }) => {
      const found = picked ?? (await findCustomerFor('userapp_id', api, text));
      try {
        await api.POST('/benefits/{benefit_id}/assign', { params: { path: { benefit_id: benefit.id } }, body: { userapp_id: found.userapp_id } });
      } catch (error) {
        // The API's refusal names both by number; the console names them as people know them.
        const limited = monthlyLimitInWords(error, customerName(found), `“${benefit.title}”`);
        throw limited ? new Error(limited) : error;
      }
      // The points left as they are now (the customer chosen from a list may have been read a while ago).
      const left = await api
        .GET('/users/{id}', { params: { path: { id: encodeUserRef(found.userapp_id) } } })
        .then((after) => after.points)
        .catch(() => found.points - benefit.points);
      return { found, left };
    },
    {
      // The customer's points changed: every read of them (lists, suggestions, their page) is read again.
      invalidate: [['api', '/coupons'], ['api', '/benefits/{id}'], ['api', '/benefits/all'], ...CUSTOMER_CHANGED, ['api', 'people'], ['api', 'customer-ref']],
      onSuccess: ({ found, left }, { text }) => {
        setDone(`Assigned to ${customerName(found)}: a coupon was created and ${formatCount(benefit.points)} points taken (${formatCount(left)} left).`);
        // The answer comes after the lists are read again: a customer typed meanwhile stays.
        if (typed.current !== text) return;
        typed.current = '';
        setCustomer('');
        setChosen(null);
      },
    },
  );
  // The chosen customer's points as they are now, not as the list of matches read them.
  const current = useGet('/users/{id}', { params: { path: { id: chosen ? encodeUserRef(chosen.userapp_id) : '' } } }, { enabled: chosen !== null });
  const points = current.data?.userapp_id === chosen?.userapp_id ? (current.data?.points ?? chosen?.points) : chosen?.points;
  // A customer that cannot be found shows under the Customer field; the API's refusals (too few points…) above it.
  return (
    <Form
      error={assign.error}
      label="Assign to a customer"
      validate={() => problems({ userapp_id: chosen ? null : checkCustomerRef(customer) })}
      onSubmit={() => {
        setDone(null);
        assign.mutate({ text: customer, picked: chosen });
      }}
    >
      <TextField
        label="Customer"
        name="userapp_id"
        value={customer}
        onValue={(text) => {
          typed.current = text;
          setCustomer(text);
          setChosen(null);
          // What was said about the customer typed before (not found, two match, refused) is not about this one.
          if (!assign.isPending) assign.reset();
        }}
        hint={chosen ? `Chosen: ${customerName(chosen)}${chosen.email ? ` (${chosen.email})` : ''}, ${formatCount(points)} points.` : CUSTOMER_HINT}
        autoCapitalize="off"
        spellCheck={false}
        autoComplete="off"
      />
      <CustomerSuggestions
        text={customer}
        hidden={chosen !== null}
        onChoose={(user) => {
          if (!assign.isPending) assign.reset();
          typed.current = customerName(user);
          setChosen(user);
          setCustomer(customerName(user));
        }}
      />
      <div className="actions">
        <SubmitButton busy={assign.isPending} busyLabel="Assigning…">
          {chosen ? `Assign to ${customerName(chosen)}` : 'Assign'}
        </SubmitButton>
      </div>
      {done && !assign.error ? (
        <p className="notice" role="status">
          {done}
        </p>
      ) : null}
    </Form>
  );
}

function Coupons({ benefitId }: { benefitId: number }) {
  const [page, setPage] = usePage('coupons_page');
  const coupons = useGet('/coupons', { params: { query: { page, limit: PAGE_SIZE, benefit_id: benefitId } } }, { placeholderData: keepPreviousData });
  return (
    <QueryView query={coupons} loading="Loading coupons…" isEmpty={(data) => data.length === 0 && page === 0} empty="No coupons yet: assign the benefit to a customer above.">
      {(data) => (
        <>
          <CouponsTable coupons={data} withBenefit={false} />
          <Pager page={page} count={data.length} onPage={setPage} label="Coupons" />
        </>
      )}
    </QueryView>
  );
}

export default function BenefitPage({ params }: PageProps) {
  const api = useApi();
  const id = Number(params.id);
  const benefit = useGet('/benefits/{id}', { params: { path: { id } } });
  const data = benefit.data;
  return (
    <Page
      title={data?.title ?? `Benefit ${params.id}`}
      back={{ to: '/benefits', label: 'Benefits' }}
      actions={
        data ? (
          <ConfirmDelete
            label="Delete benefit"
            title={`Delete benefit ${data.id}`}
            description={<>Deletes “{data.title}”. Its coupons stay (the points were spent), listed without a benefit.</>}
            counts={{ benefits: 1 }}
            run={() => api.DELETE('/benefits/{id}', { params: { path: { id } } })}
            invalidate={[['api', '/benefits/all'], ['api', '/coupons']]}
            onDone={() => navigate('/benefits')}
          />
        ) : null
      }
    >
      <DetailView
        query={benefit}
        loading="Loading the benefit…"
        missing={
          <>
            There is no benefit {params.id}. <Link to="/benefits">Back to the benefits</Link>.
          </>
        }
      >
        {(loaded) => (
          <>
            <div className="grid">
              <Section title="Details">
                <Details benefit={loaded} />
              </Section>
              <Changes>
                <Section title="Edit">
                  <BenefitForm key={`${loaded.modified}-${loaded.stock}`} benefit={loaded} onSaved={() => undefined} />
                </Section>
              </Changes>
            </div>
            <Changes>
              <Section title="Assign to a customer">
                <Assign benefit={loaded} />
              </Section>
            </Changes>
            <Section title="Coupons">
              <Coupons benefitId={loaded.id} />
            </Section>
          </>
        )}
      </DetailView>
    </Page>
  );
}
