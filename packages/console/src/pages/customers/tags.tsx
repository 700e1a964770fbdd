import { useState } from 'react';
import { CUSTOMER_CHANGED } from '../../api/customers.js';
import { useApiMutation } from '../../api/queries.js';
import { Form, SubmitButton, TextField } from '../../components/form.js';
import { Section } from '../../components/layout.js';
import { ErrorNote } from '../../components/states.js';
import type { User } from './profile.js';
import { Changes } from '../../components/access.js';

/** Tags: on PUT /users/{id}, `tags` are added to the current ones and `remove_tags` removed. */
export function Tags({ user, id }: { user: User; id: string }) {
  const [draft, setDraft] = useState('');
  const [blank, setBlank] = useState<string | null>(null);
  const invalidate = CUSTOMER_CHANGED;
  const add = useApiMutation((api, tags: string) => api.PUT('/users/{id}', { params: { path: { id } }, body: { tags } }), {
    invalidate,
    onSuccess: () => setDraft(''),
  });
  const remove = useApiMutation((api, tag: string) => api.PUT('/users/{id}', { params: { path: { id } }, body: { remove_tags: [tag] } }), { invalidate });

  return (
    <Section title="Tags" id="tags">
      {user.tags.length === 0 ? (
        <p className="hint">No tags.</p>
      ) : (
        <ul className="tags" aria-label="Tags" data-testid="customer-tags">
          {user.tags.map((tag) => (
            <li key={tag}>
              {tag}{' '}
              <Changes>
                <button type="button" className="link" aria-label={`Remove tag ${tag}`} onClick={() => remove.mutate(tag)} disabled={remove.isPending}>
                  ✕
                </button>
              </Changes>
            </li>
          ))}
        </ul>
      )}
      {remove.error ? <ErrorNote error={remove.error} /> : null}
      <Form
        changes
        className="form-inline"
        label="New tags"
        error={add.error}
        onSubmit={() => {
          if (draft.trim() === '') return setBlank('Type a tag to add.');
          setBlank(null);
          add.mutate(draft);
        }}
      >
        <TextField label="Add tags" name="tags" value={draft} onValue={setDraft} error={blank} hint="One or more, separated by commas." />
        <SubmitButton busy={add.isPending} busyLabel="Adding…">
          Add
        </SubmitButton>
      </Form>
    </Section>
  );
}
