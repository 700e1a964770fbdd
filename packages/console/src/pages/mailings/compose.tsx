import type { Mailing, MailingChanges } from '@rapport/sdk';
import { useState } from 'react';
import { useApiMutation, useGet } from '../../api/queries.js';
import { CheckboxField, Form, SelectField, SubmitButton, TextAreaField, TextField } from '../../components/form.js';
import { check, problems } from '../../lib/validate.js';
import { changedOnly } from '../catalogue/shared.js';
import { MAILING_KEYS } from './shared.js';

// The mailing's content (M2, M3): name, folder, subject, preheader, sender, reply-to, format, body,
// tracking and segment, saved with PUT (only what changed; an emptied preheader, reply-to, folder
// or segment is sent as null, which clears it). Only a draft or scheduled mailing changes: once
// sending, the form is read-only and says to copy the mailing.

interface Values {
  name: string;
  folder_id: string;
  subject: string;
  preheader: string;
  from_name: string;
  from_email: string;
  reply_to: string;
  format: 'html' | 'mjml';
  body: string;
  segment_id: string;
  opens: boolean;
  clicks: boolean;
}

function valuesOf(mailing: Mailing): Values {
  return {
    name: mailing.name,
    folder_id: mailing.folder_id === null ? '' : String(mailing.folder_id),
    subject: mailing.subject,
    preheader: mailing.preheader ?? '',
    from_name: mailing.from_name ?? '',
    from_email: mailing.from_email,
    reply_to: mailing.reply_to ?? '',
    format: mailing.format,
    body: mailing.body,
    segment_id: mailing.segment_id === null ? '' : String(mailing.segment_id),
    opens: mailing.tracking.opens,
    clicks: mailing.tracking.clicks,
  };
}

const idOrNull = (text: string): number | null => (text === '' ? null : Number(text));
const textOrNull = (text: string): string | null => (text.trim() === '' ? null : text);

/** The PUT body for what changed: emptied clearable fields as null (M2). */
function changesOf(initial: Values, current: Values): MailingChanges {
  const changed = changedOnly(initial as unknown as Record<string, unknown>, current as unknown as Record<string, unknown>) as Partial<Values>;
  const out: MailingChanges = {};
  if (changed.name !== undefined) out.name = changed.name.trim();
  if (changed.folder_id !== undefined) out.folder_id = idOrNull(changed.folder_id);
  if (changed.subject !== undefined) out.subject = changed.subject;
  if (changed.preheader !== undefined) out.preheader = textOrNull(changed.preheader);
  if (changed.from_name !== undefined) out.from_name = changed.from_name.trim();
  if (changed.from_email !== undefined) out.from_email = changed.from_email.trim();
  if (changed.reply_to !== undefined) out.reply_to = textOrNull(changed.reply_to.trim());
  if (changed.format !== undefined) out.format = changed.format;
  if (changed.body !== undefined) out.body = changed.body;
  if (changed.segment_id !== undefined) out.segment_id = idOrNull(changed.segment_id);
  if (changed.opens !== undefined || changed.clicks !== undefined) out.tracking = { opens: current.opens, clicks: current.clicks };
  return out;
}

export function ComposeForm({ mailing, editable, onSaved }: { mailing: Mailing; editable: boolean; onSaved: (text: string) => void }) {
  const initial = valuesOf(mailing);
  const [values, setValues] = useState(initial);
  const folders = useGet('/mailingfolders', { params: { query: { limit: 100 } } });
  const segments = useGet('/segments', { params: { query: { limit: 100 } } });
  const save = useApiMutation((api, changes: MailingChanges) => api.mailings.update(mailing.id, changes), {
    invalidate: [...MAILING_KEYS],
    onSuccess: () => onSaved('Saved. The preview and the audience show the saved mailing.'),
  });
  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) => {
      onSaved('');
      setValues((v) => ({ ...v, [key]: value }));
    };
  const submit = () => {
    const changes = changesOf(initial, values);
    if (Object.keys(changes).length === 0) return onSaved('Nothing to save: nothing was changed.');
    save.mutate(changes);
  };
  const folderOptions = [{ value: '', label: 'No folder' }, ...(folders.data ?? []).map((f) => ({ value: String(f.id), label: f.name }))];
  const segmentOptions = [{ value: '', label: 'No segment yet' }, ...(segments.data ?? []).map((s) => ({ value: String(s.id), label: s.title }))];
  // A folder or segment not among the first 100 stays choosable.
  if (values.folder_id && !folderOptions.some((o) => o.value === values.folder_id)) folderOptions.push({ value: values.folder_id, label: `Folder ${values.folder_id}` });
  if (values.segment_id && !segmentOptions.some((o) => o.value === values.segment_id)) segmentOptions.push({ value: values.segment_id, label: `Segment ${values.segment_id}` });
  return (
    <Form
      label="Compose the mailing"
      className="form compose-form"
      error={save.error}
      validate={() =>
        problems({
          name: check.filled(values.name, 'Type a name for the mailing (only you see it).'),
          subject: check.filled(values.subject, 'Type the subject people see in their inbox.'),
          // Filled only: the API judges the address (the server's own MAIL_FROM may be user@localhost).
          from_email: check.filled(values.from_email, 'Type the address it is sent from.'),
          body: check.filled(values.body, 'Write the message.'),
        })
      }
      onSubmit={submit}
    >
      <fieldset disabled={!editable} className="plain-fieldset">
        <TextField label="Name" name="name" value={values.name} onValue={set('name')} hint="Only you see it." />
        <SelectField label="Folder" name="folder_id" value={values.folder_id} onValue={set('folder_id')} options={folderOptions} />
        <SelectField
          label="Segment"
          name="segment_id"
          value={values.segment_id}
          onValue={set('segment_id')}
          options={segmentOptions}
          hint="Who it is sent to: the segment’s members when sending starts."
        />
        <TextField label="Subject" name="subject" value={values.subject} onValue={set('subject')} hint={<>Liquid works here, e.g. {'{{ customer.first_name }}'}.</>} />
        <TextField label="Preheader" name="preheader" value={values.preheader} onValue={set('preheader')} hint="The line mail programs show after the subject. Optional." />
        <div className="grid">
          <TextField label="From name" name="from_name" value={values.from_name} onValue={set('from_name')} />
          <TextField label="From e-mail" name="from_email" type="email" value={values.from_email} onValue={set('from_email')} />
          <TextField label="Reply-to" name="reply_to" type="email" value={values.reply_to} onValue={set('reply_to')} hint="Optional: where replies go." />
        </div>
        <SelectField
          label="Format"
          name="format"
          value={values.format}
          onValue={(value) => set('format')(value === 'mjml' ? 'mjml' : 'html')}
          options={[
            { value: 'html', label: 'HTML' },
            { value: 'mjml', label: 'MJML (compiled to responsive HTML)' },
          ]}
        />
        <TextAreaField
          label="Body"
          name="body"
          rows={14}
          className="code-area"
          spellCheck={false}
          value={values.body}
          onValue={set('body')}
          hint={
            <>
              {values.format === 'mjml' ? 'MJML' : 'HTML'} with Liquid: {'{{ customer.first_name }}'}, {'{{ account.name }}'}, {'{{ unsubscribe_url }}'},{' '}
              {'{{ view_in_browser_url }}'}. Without an unsubscribe link, one is added at the end.
            </>
          }
        />
        <CheckboxField label="Count opens (a 1×1 image)" name="tracking.opens" checked={values.opens} onChecked={set('opens')} />
        <CheckboxField label="Count clicks (links go through Rapport)" name="tracking.clicks" checked={values.clicks} onChecked={set('clicks')} />
      </fieldset>
      {editable ? (
        <div className="actions">
          <SubmitButton busy={save.isPending}>Save</SubmitButton>
        </div>
      ) : null}
    </Form>
  );
}
