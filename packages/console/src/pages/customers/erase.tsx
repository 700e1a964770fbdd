import { useState } from 'react';
import { type Customer, customerName } from '../../api/customers.js';
import { useApiMutation } from '../../api/queries.js';
import { useApi, useCanChange, useRole } from '../../api/session.js';
import { type DryRunAnswer, counted, useDryRunDialog } from '../../components/confirm.js';
import { CheckboxField, Form, SubmitButton } from '../../components/form.js';
import { Section } from '../../components/layout.js';
import { saveFile } from '../../lib/csv.js';
import { setFlash } from '../../lib/flash.js';
import { navigate } from '../../router.js';

// A person's rights over their data (docs/privacy.md): a copy of everything held about them
// (GET /users/{id}/export, D3) saved as a JSON file, and erasure (DELETE /users/{id}, D1–D2), which
// first runs as a dry run so the confirmation names what goes, and may also put the e-mail and
// telephone on the blacklists (suppress) so the person is not written to again.

/** "Ana Pérez" → "ana-perez": a customer's name as a file name's part. */
export function fileSlug(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'customer';
}

/** The export's file name: the customer's name and number, e.g. `ana-perez-12.json`. */
export const exportFileName = (user: Customer): string => `${fileSlug(customerName(user))}-${user.userapp_id}.json`;

function save(filename: string, data: unknown): number {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  saveFile(blob, filename);
  return blob.size;
}

/** The confirm button: the customer and what goes with them ("Delete this customer, 12 user events and 3 purchases"). */
function eraseLabel(counts: Record<string, unknown>): string {
  const parts = Object.entries(counts)
    .filter(([key, value]) => key !== 'users' && typeof value === 'number' && value > 0)
    .map(([key, value]) => counted(key, value as number));
  if (parts.length === 0) return 'Delete this customer';
  return `Delete this customer, ${parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`}`;
}

function DownloadData({ user, id }: { user: Customer; id: string }) {
  const exported = useApiMutation(async (api) => {
    const data = await api.GET('/users/{id}/export', { params: { path: { id } } });
    const filename = exportFileName(user);
    return { filename, size: save(filename, data) };
  });
  return (
    <Form className="form-inline" label="Download this customer's data" error={exported.error} onSubmit={() => exported.mutate()}>
      <SubmitButton className="" busy={exported.isPending} busyLabel="Preparing the file…" reads>
        Download this customer’s data
      </SubmitButton>
      {exported.data && !exported.error ? (
        <p className="notice" role="status" data-testid="customer-export-done">
          Downloaded {exported.data.filename}.
        </p>
      ) : null}
    </Form>
  );
}

function DeleteCustomer({ user, id }: { user: Customer; id: string }) {
  const api = useApi();
  const [suppress, setSuppress] = useState(false);
  const name = customerName(user);
  const { open, dialog } = useDryRunDialog<DryRunAnswer>({
    title: `Delete ${name}`,
    description: (
      <>
        Deletes the customer and everything recorded about them, at once and for good. Download their data first if they asked for a copy.
      </>
    ),
    preview: () => api.DELETE('/users/{id}', { params: { path: { id }, query: { dry_run: true } }, body: {} }),
    run: () => api.DELETE('/users/{id}', { params: { path: { id }, query: suppress ? { suppress: true } : {} }, body: {} }),
    confirmLabel: (answer) => eraseLabel(answer.would_delete),
    details: () => (
      <CheckboxField
        label="Also add the e-mail and telephone to the blacklists"
        name="suppress"
        checked={suppress}
        onChecked={setSuppress}
        hint="So they are not written to again, even if a connector sends them back."
      />
    ),
    invalidate: [['api', '/users']],
    onDone: () => {
      setFlash(`${name} was deleted${suppress ? ', and their e-mail and telephone were added to the blacklists' : ''}.`);
      navigate('/customers');
    },
  });
  return (
    <>
      <button type="button" className="danger" onClick={open}>
        Delete this customer
      </button>
      {dialog}
    </>
  );
}

/**
 * The section of a customer's page for their data rights: download it, delete them. Both are an
 * editor's (T1: a customer's export holds everything about them; a read key may download it, D8),
 * so a viewer is told so rather than offered them.
 */
export function CustomerData({ user, id }: { user: Customer; id: string }) {
  const role = useRole();
  const canChange = useCanChange();
  if (role === 'viewer') {
    return (
      <Section title="Their data" id="data">
        <p className="hint" data-testid="customer-data-viewer">
          Downloading or deleting a customer's data is for editors and owners. Ask an owner if a customer asked for a copy or to be deleted.
        </p>
      </Section>
    );
  }
  return (
    <Section title="Their data" id="data">
      <p className="hint">A copy of everything held about this customer, as a JSON file{canChange ? '; or delete them and everything recorded about them' : ''}.</p>
      <div className="actions">
        <DownloadData user={user} id={id} />
        {canChange ? <DeleteCustomer user={user} id={id} /> : null}
      </div>
    </Section>
  );
}
