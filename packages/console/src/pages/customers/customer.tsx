import { encodeUserRef } from '@rapport/sdk';
import { customerName } from '../../api/customers.js';
import { isNotFound } from '../../api/errors.js';
import { useGet } from '../../api/queries.js';
import { Page } from '../../components/layout.js';
import { Empty, ErrorNote, Loading } from '../../components/states.js';
import type { PageProps } from '../../router.js';
import { Link } from '../../router.js';
import { CustomerData } from './erase.js';
import { AbandonedCarts, Coupons, FamilyMembers, Purchases, UserEvents } from './activity.js';
import { Points } from './points.js';
import { Profile } from './profile.js';
import { CustomerMailings } from './mailings.js';
import { CustomerSegments } from './segments.js';
import { Tags } from './tags.js';
import { CustomerValue } from './value.js';

const SECTIONS = [
  ['profile', 'Profile'],
  ['tags', 'Tags'],
  ['value', 'Value group'],
  ['segments', 'Segments'],
  ['points', 'Points'],
  ['purchases', 'Purchases'],
  ['events', 'Events'],
  ['carts', 'Abandoned carts'],
  ['family', 'Family members'],
  ['coupons', 'Coupons'],
  ['mailings', 'Mailings'],
  ['data', 'Their data'],
] as const;

/** One customer: profile, tags, points, and everything recorded about them. `:id` is the userapp_id. */
export default function CustomerPage({ params }: PageProps) {
  const userappId = Number(params.id);
  const valid = Number.isSafeInteger(userappId) && userappId > 0;
  const id = valid ? encodeUserRef(userappId) : '0';
  const user = useGet('/users/{id}', { params: { path: { id } } }, { enabled: valid });
  const back = { to: '/customers', label: 'Customers' };

  if (!valid || isNotFound(user.error)) {
    return (
      <Page title="Customer not found" back={back}>
        <Empty>
          There is no customer {params.id}. <Link to="/customers">Search the customers</Link>.
        </Empty>
      </Page>
    );
  }
  if (user.isPending) return <Loading label="Loading the customer…" />;
  if (user.isError) {
    return (
      <Page title={`Customer ${userappId}`} back={back}>
        <ErrorNote error={user.error} retry={() => void user.refetch()} />
      </Page>
    );
  }
  const data = user.data;
  const name = customerName(data);
  return (
    <Page title={name} back={back}>
      <nav aria-label="Parts of this page" className="jump">
        {SECTIONS.map(([anchor, label]) => (
          <a key={anchor} href={`#${anchor}`}>
            {label}
          </a>
        ))}
      </nav>
      <Profile user={data} id={id} />
      <Tags user={data} id={id} />
      <CustomerValue id={id} />
      <CustomerSegments id={id} />
      <Points user={data} id={id} />
      <Purchases id={id} />
      <UserEvents serviceUid={data.service_uid} />
      <AbandonedCarts id={id} />
      <FamilyMembers id={id} />
      <Coupons userappId={userappId} />
      <CustomerMailings id={id} />
      <CustomerData user={data} id={id} />
    </Page>
  );
}
