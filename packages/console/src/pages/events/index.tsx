import { Page } from '../../components/layout.js';
import { Empty } from '../../components/states.js';

// Placeholder until this page is built (see /work/notes/console-conventions.md for who builds it).
export default function EventsPage() {
  return (
    <Page title="Events">
      <Empty>This page is not built yet.</Empty>
    </Page>
  );
}
