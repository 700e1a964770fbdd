import { useGet } from '../../api/queries.js';
import { Section } from '../../components/layout.js';
import { Pager, usePagedGet } from '../../components/pager.js';
import { Empty, QueryView } from '../../components/states.js';
import { DataTable, PagedTable } from '../../components/table.js';
import { showDateTime } from '../../lib/dates.js';
import { Link } from '../../router.js';
import { formatMoney } from '../../lib/format.js';
import { Email } from '../../components/email.js';

// What was recorded about a customer: purchases, user events, abandoned carts, family members,
// coupons. Each part reads its own listing and pages on its own (?purchases_page=2…).

const money = (value: number | null | undefined) => formatMoney(value);

export function Purchases({ id }: { id: string }) {
  const paged = usePagedGet('/users/{id}/purchases', { params: { path: { id } } }, { pageParam: 'purchases_page' });
  return (
    <Section title="Purchases" id="purchases">
      <PagedTable
        paged={paged}
        loading="Loading purchases…"
        empty="No purchases."
        caption="Purchases"
        testId="customer-purchases"
        rowKey={(purchase) => purchase.id}
        columns={[
          { header: 'Invoice', cell: (purchase) => <Link to={`/purchases/${purchase.id}`}>{purchase.invoice_number}</Link> },
          { header: 'When', cell: (purchase) => showDateTime(purchase.createtime) },
          { header: 'Branch', cell: (purchase) => purchase.branch?.name ?? '—' },
          { header: 'Items', className: 'num', cell: (purchase) => purchase.purchase_detail.reduce((n, item) => n + item.quantity, 0) },
          { header: 'Total', className: 'num', cell: (purchase) => money(purchase.prices?.total) },
          { header: 'Points', className: 'num', cell: (purchase) => purchase.points },
        ]}
      />
    </Section>
  );
}

export function UserEvents({ serviceUid }: { serviceUid: string | null }) {
  const { query: events, page, setPage } = usePagedGet('/user-events', { params: { query: { service_uid: serviceUid ?? '' } } }, { pageParam: 'events_page', enabled: serviceUid !== null });
  return (
    <Section title="Events" id="events">
      {serviceUid === null ? (
        <Empty>This customer has no customer ID in your shop, and user events are recorded by customer ID in your shop.</Empty>
      ) : (
        <QueryView query={events} loading="Loading events…" isEmpty={(list) => list.length === 0} empty="No events recorded for this customer.">
          {(list) => (
            <>
              <ol className="timeline" aria-label="Events, newest first" data-testid="customer-events">
                {list.map((event) => (
                  <li key={event.id}>
                    <strong>{event.event.name}</strong> <time dateTime={event.datetime}>{showDateTime(event.datetime)}</time>
                    {event.metadata && Object.keys(event.metadata).length > 0 ? (
                      <dl className="pairs metadata">
                        {Object.entries(event.metadata).map(([key, value]) => (
                          <div key={key} className="pair">
                            <dt>{key}</dt>
                            <dd>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
                          </div>
                        ))}
                      </dl>
                    ) : null}
                  </li>
                ))}
              </ol>
              <Pager page={page} count={events.data?.length} onPage={setPage} label="Events" />
            </>
          )}
        </QueryView>
      )}
    </Section>
  );
}

export function AbandonedCarts({ id }: { id: string }) {
  const paged = usePagedGet('/users/{id}/abandoned-carts', { params: { path: { id } } }, { pageParam: 'carts_page' });
  return (
    <Section title="Abandoned carts" id="carts">
      <PagedTable
        paged={paged}
        loading="Loading carts…"
        empty="No abandoned carts."
        caption="Abandoned carts"
        testId="customer-carts"
        rowKey={(cart) => cart.id}
        columns={[
          { header: 'Cart', cell: (cart) => cart.external_id },
          { header: 'When', cell: (cart) => showDateTime(cart.createtime) },
          { header: 'Products', cell: (cart) => cart.products.map((p) => `${p.quantity ?? 1} × ${p.product_name ?? p.sku}`).join(', ') },
          { header: 'Total', className: 'num', cell: (cart) => money(cart.total_price) },
          { header: 'Recovered', cell: (cart) => (cart.recovered ? 'yes' : 'no') },
        ]}
      />
    </Section>
  );
}

export function FamilyMembers({ id }: { id: string }) {
  const members = useGet('/users/{id}/members', { params: { path: { id }, query: { limit: 100 } } });
  return (
    <Section title="Family members" id="family">
      <QueryView query={members} loading="Loading family members…" isEmpty={(list) => list.length === 0} empty="No family members.">
        {(list) => (
          <DataTable
            caption="Family members"
            testId="customer-family"
            rows={list}
            rowKey={(member) => member.id}
            columns={[
              { header: 'Name', cell: (member) => [member.first_name, member.last_name].filter(Boolean).join(' ') || member.uid || `#${member.id}` },
              { header: 'Relationship', cell: (member) => member.relationship },
              { header: 'E-mail', cell: (member) => (member.email ? <Email address={member.email} /> : '—') },
              { header: 'Telephone', cell: (member) => member.telephone ?? '—' },
              { header: 'Birth date', cell: (member) => showDateTime(member.birthdate) },
            ]}
          />
        )}
      </QueryView>
    </Section>
  );
}

export function Coupons({ userappId }: { userappId: number }) {
  const paged = usePagedGet('/coupons', { params: { query: { userapp_id: userappId } } }, { pageParam: 'coupons_page' });
  return (
    <Section title="Coupons" id="coupons">
      <PagedTable
        paged={paged}
        loading="Loading coupons…"
        empty="No coupons: assign a benefit to give one."
        caption="Coupons"
        testId="customer-coupons"
        rowKey={(coupon) => coupon.id}
        columns={[
          { header: 'Code', cell: (coupon) => <code>{coupon.code}</code> },
          { header: 'Benefit', cell: (coupon) => coupon.benefit?.title ?? '—' },
          { header: 'Points', className: 'num', cell: (coupon) => coupon.points },
          { header: 'When', cell: (coupon) => showDateTime(coupon.createtime) },
        ]}
      />
    </Section>
  );
}
