import type { Mailing } from '@rapport/sdk';
import { useState } from 'react';
import { CUSTOMER_HINT, type Customer, checkCustomerRef, customerName, findCustomerFor } from '../../api/customers.js';
import { useApiMutation, useApiQuery } from '../../api/queries.js';
import { Form, SubmitButton, TextField } from '../../components/form.js';
import { Section } from '../../components/layout.js';
import { QueryView } from '../../components/states.js';
import { problems } from '../../lib/validate.js';

// The preview (M4): the saved mailing rendered by the server for a customer (typed as an e-mail,
// a customer ID in your shop or a number; by default the segment's first member, or sample values), shown in a
// sandboxed frame (srcdoc, no scripts, no same-origin) at a desktop or a phone's width. It is read
// again after every save (its key holds the mailing's updatetime).

const WIDTHS = { desktop: { label: 'Desktop', px: null }, phone: { label: 'Phone', px: 375 } } as const;
type Width = keyof typeof WIDTHS;

export function Preview({ mailing, customer, onCustomer }: { mailing: Mailing; customer: Customer | null; onCustomer: (customer: Customer | null) => void }) {
  const [text, setText] = useState('');
  const [width, setWidth] = useState<Width>('desktop');
  const find = useApiMutation((api, typed: string) => findCustomerFor('customer', api, typed), { onSuccess: (found) => onCustomer(found) });
  const userappId = customer?.userapp_id;
  const preview = useApiQuery(['mailing', mailing.id, 'preview', mailing.updatetime, userappId ?? null], (api) => api.mailings.preview(mailing.id, userappId));
  const phone = WIDTHS[width].px;
  return (
    <Section title="Preview" id="preview">
      <Form label="Preview for a customer" className="form-inline" error={find.error} validate={() => problems({ customer: checkCustomerRef(text) })} onSubmit={() => find.mutate(text)}>
        <TextField label="Customer" name="customer" value={text} onValue={setText} hint={CUSTOMER_HINT} autoComplete="off" />
        <SubmitButton reads busy={find.isPending} busyLabel="Looking…" className="">
          Show for this customer
        </SubmitButton>
        {customer ? (
          <button
            type="button"
            onClick={() => {
              setText('');
              onCustomer(null);
            }}
          >
            Back to the default
          </button>
        ) : null}
      </Form>
      <p className="hint" data-testid="preview-for">
        {customer ? `Shown for ${customerName(customer)} (#${customer.userapp_id}).` : 'Shown for the segment’s first member, or for sample values without one.'}
      </p>
      <div className="actions" role="group" aria-label="Preview width">
        {(Object.keys(WIDTHS) as Width[]).map((key) => (
          <button type="button" key={key} aria-pressed={width === key} onClick={() => setWidth(key)}>
            {WIDTHS[key].label}
          </button>
        ))}
      </div>
      <QueryView query={preview} loading="Rendering the preview…">
        {(rendered) => (
          <div className="mail-preview" data-testid="mailing-preview">
            <dl className="pairs">
              <div className="pair">
                <dt>Subject</dt>
                <dd data-testid="preview-subject">{rendered.subject}</dd>
              </div>
              <div className="pair">
                <dt>Preheader</dt>
                <dd data-testid="preview-preheader">{rendered.preheader || '—'}</dd>
              </div>
            </dl>
            <iframe
              title="The message as rendered"
              className={phone ? 'mail-frame mail-frame-phone' : 'mail-frame'}
              sandbox=""
              srcDoc={rendered.html}
            />
            <details>
              <summary>Plain-text version</summary>
              <pre className="mail-text">{rendered.text}</pre>
            </details>
          </div>
        )}
      </QueryView>
    </Section>
  );
}
