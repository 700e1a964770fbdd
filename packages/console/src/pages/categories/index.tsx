import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FieldProblem, namesField } from '../../api/errors.js';
import { useApiMutation, useGet } from '../../api/queries.js';
import { useApi } from '../../api/session.js';
import { ConfirmDryRun } from '../../components/confirm.js';
import { Form, SelectField, SubmitButton, TextField } from '../../components/form.js';
import { check, problems, sameText } from '../../lib/validate.js';
import { Page, Section } from '../../components/layout.js';
import { QueryView } from '../../components/states.js';
import { Link, href } from '../../router.js';
import { RequestProgress } from '../catalogue/shared.js';
import { type Category, type CategoryNode, buildTree, categoryOptions } from './tree.js';
import { Changes } from '../../components/access.js';
import { formatCount } from '../../lib/format.js';

// Categories (K1–K3): the tree, a form to add one, and deletes (one subtree, or all) that run in
// the background after a dry run has shown what they would remove.

interface Accepted {
  id: string;
  what: string;
}

function NewCategory({ categories }: { categories: readonly Category[] }) {
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [parent, setParent] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  // A second category of the same name under the same parent is allowed (K1 keys on the code) but
  // likely a slip: the first Create only warns, naming the one there is.
  const [warned, setWarned] = useState<string | null>(null);
  const twin = categories.find((c) => (c.parent_code ?? '') === parent && sameText(c.name, name));
  const warnedNow = twin !== undefined && warned === `${parent}/${name.trim()}`;
  const create = useApiMutation(
    async (api, body: { code: string; name: string; parent_code?: string }) => {
      try {
        return await api.POST('/categories', { body });
      } catch (error) {
        // The API says the code is taken, not by what: the list on this page names it.
        const holder = namesField(error, 'code') ? categories.find((c) => c.code === body.code) : undefined;
        if (holder) throw new FieldProblem('code', `The code “${body.code}” is already the code of category “${holder.name}”: choose another code.`);
        throw error;
      }
    },
    {
      invalidate: [['api', '/categories']],
      onSuccess: (category) => {
        setCreated(`Category “${category.name}” (${category.code}) created.`);
        setCode('');
        setName('');
        setWarned(null);
      },
    },
  );
  const submit = () => {
    if (twin && !warnedNow) return setWarned(`${parent}/${name.trim()}`);
    create.mutate({ code, name, ...(parent ? { parent_code: parent } : {}) });
  };
  return (
    <Form
      changes
      error={create.error}
      label="New category"
      validate={() => problems({ name: check.filled(name, 'Type the category’s name, e.g. Trail shoes.'), code: check.filled(code, 'Type a code for it, e.g. trail-shoes.') ?? (code.includes('/') ? 'Leave out the /: codes cannot contain it.' : null) })}
      onSubmit={submit}>
      {created && !create.error ? (
        <p className="notice" role="status">
          {created}
        </p>
      ) : null}
      <TextField label="Name" name="name" value={name} onValue={setName} hint="Shown to people, e.g. Trail shoes." />
      <TextField label="Code" name="code" value={code} onValue={setCode} hint="Your identifier for it, e.g. trail-shoes (no /). It cannot be changed later." autoCapitalize="off" spellCheck={false} />
      <SelectField label="Parent" name="parent_code" value={parent} onValue={setParent} options={categoryOptions(categories, { value: '', label: 'None (a top-level category)' })} />
      {warnedNow && twin ? (
        <p className="warning-note" role="alert" data-testid="duplicate-warning">
          A category called “{twin.name}” already exists {parent ? 'under the same parent' : 'at the top level'} (code {twin.code}). Create another anyway?
        </p>
      ) : null}
      <div className="actions">
        <SubmitButton busy={create.isPending} busyLabel="Creating…">
          {warnedNow ? 'Create anyway' : 'Create category'}
        </SubmitButton>
      </div>
    </Form>
  );
}

function Branch({ nodes, onAccepted }: { nodes: readonly CategoryNode[]; onAccepted: (accepted: Accepted) => void }) {
  const api = useApi();
  return (
    <ul>
      {nodes.map((node) => (
        <li key={node.code}>
          <div className="actions">
            <span>
              <strong>{node.name}</strong> <code>{node.code}</code>
            </span>
            <Link to={href('/catalogue', { category: node.code })} aria-label={`Products in ${node.name}`}>
              Products
            </Link>
            <ConfirmDryRun
              label={`Delete ${node.name}`}
              title={`Delete category ${node.code}`}
              description={
                <>
                  Deletes “{node.name}” and every category below it, in the background. Their products stay, with no category; past purchases keep
                  their own copy.
                </>
              }
              preview={() => api.DELETE('/categories', { params: { query: { dry_run: true } }, body: { code: node.code } })}
              run={() => api.DELETE('/categories', { body: { code: node.code } })}
              onDone={(result) => onAccepted({ id: (result as { request_id: string }).request_id, what: `Deleting “${node.name}”` })}
            />
          </div>
          {node.children.length > 0 ? <Branch nodes={node.children} onAccepted={onAccepted} /> : null}
        </li>
      ))}
    </ul>
  );
}

export default function CategoriesPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const categories = useGet('/categories');
  const [accepted, setAccepted] = useState<Accepted | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['api', '/categories'] });
    void queryClient.invalidateQueries({ queryKey: ['api', '/products'] });
  };
  const list = categories.data ?? [];
  return (
    <Page
      title="Categories"
      actions={
        <ConfirmDryRun
          label="Delete all categories"
          title="Delete all categories"
          description="Deletes every category of the account, in the background. Products stay, with no category; past purchases keep their own copy."
          preview={() => api.DELETE('/categories/bulk', { params: { query: { dry_run: true } }, body: {} })}
          run={() => api.DELETE('/categories/bulk', { body: {} })}
          onDone={(result) => setAccepted({ id: (result as { request_id: string }).request_id, what: 'Deleting all categories' })}
          disabled={list.length === 0}
        />
      }
    >
      {accepted ? <RequestProgress key={accepted.id} id={accepted.id} what={accepted.what} onFinished={refresh} /> : null}
      <Changes>
        <Section title="New category">
          <NewCategory categories={list} />
        </Section>
      </Changes>
      <Section title="Category tree">
        <QueryView query={categories} loading="Loading categories…" isEmpty={(data) => data.length === 0} empty="No categories yet. Create the first one with the form above.">
          {(data) => (
            <div data-testid="categories-tree">
              <p className="hint">
                {formatCount(data.length)} {data.length === 1 ? 'category' : 'categories'}. Products and purchases can also create categories as
                they arrive.
              </p>
              <Branch nodes={buildTree(data)} onAccepted={setAccepted} />
            </div>
          )}
        </QueryView>
      </Section>
    </Page>
  );
}
