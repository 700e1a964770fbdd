import { useGet } from '../../api/queries.js';
import { Section } from '../../components/layout.js';
import { QueryView } from '../../components/states.js';
import { Link } from '../../router.js';

/** The saved segments the customer is in now (GET /users/{id}/segments, SG5), each a link to it. */
export function CustomerSegments({ id }: { id: string }) {
  const segments = useGet('/users/{id}/segments', { params: { path: { id } } }, { staleTime: 0 });
  return (
    <Section title="Segments" id="segments">
      <QueryView query={segments} loading="Checking the segments…" isEmpty={(list) => list.length === 0} empty={<>In no saved segment now. <Link to="/segments">See the segments</Link></>}>
        {(list) => (
          <ul className="tags" aria-label="Segments this customer is in" data-testid="customer-segments">
            {list.map((segment) => (
              <li key={segment.id}>
                <Link to={`/segments/${segment.id}`}>{segment.title}</Link>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </Section>
  );
}
