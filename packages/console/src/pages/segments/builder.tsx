import { PURCHASE_CHANNELS, SEGMENT_FIELDS } from '@rapport/sdk';
import { type ReactNode, useId, useState } from 'react';
import { explainForField, fieldOf } from '../../api/errors.js';
import { DateInput } from '../../components/form.js';
import { ErrorText } from '../../components/states.js';
import { formatCount } from '../../lib/format.js';
import { GROUP_LABELS } from '../../lib/value-groups.js';
import { SkuInput } from './sku-input.js';
import {
  ATTRIBUTE,
  type BuilderContext,
  type DraftCondition,
  type DraftGroup,
  type DraftNode,
  type Problem,
  type Subject,
  controlNamed,
  fieldTypeOf,
  newCondition,
  newGroup,
  nodeNamed,
  operatorLabel,
  operatorsOf,
  valueShape,
  withSubject,
} from './draft.js';

// The segment builder: nested all/any groups of conditions, each condition offering only what its
// field's type takes (SG2): the operators of a text, number, date, tags or yes/no field (a custom
// attribute's type from its data_type), then the value control(s) the operator needs. A 400 from the
// API naming a condition's path shows under that condition, its control marked; so do the checks the
// console makes first (values left empty, once saving was tried; text in a number field, at once).

/** What the selects offer, read from the API by the page. */
export interface BuilderOptions {
  /** `options`: a select attribute's choices (its value, and the text people see). */
  attributes: readonly { name: string; label: string; data_type: string; options?: readonly { value: string; text: string }[] }[];
  /** The catalogue's categories: a condition stores the code, people choose the name. */
  categories: readonly { code: string; name: string; path: string }[];
  /** The branches' names (a purchase's branch_name). */
  branches: readonly string[];
  /** The tags customers hold, by name, with how many hold each (GET /account/tags). */
  tags: readonly { tag: string; customers: number }[];
  /** False when `tags` may not be every tag (the read came back full, or failed): then they are suggestions and no typed tag is judged. */
  tagsComplete: boolean;
  events: readonly string[];
  benefits: readonly { id: number; title: string }[];
  /** The account's mailings (SG9), by name. */
  mailings: readonly { id: number; title: string }[];
  /** Other segments (not the one being edited: it cannot refer to itself). */
  segments: readonly { id: number; title: string }[];
}

export interface BuilderProps {
  root: DraftGroup;
  onChange: (root: DraftGroup) => void;
  context: BuilderContext;
  options: BuilderOptions;
  problems: ReadonlyMap<string, Problem>;
  /** Show the problems of values left empty (after a save was tried). */
  showBlank: boolean;
  /** An API 400 naming a path of the definition (`definition.all[1].op: …`), or null. */
  error: unknown;
}

const PROFILE_LABELS: Record<string, string> = {
  service_uid: 'Customer ID in your shop',
  email: 'E-mail',
  document: 'Document',
  telephone: 'Telephone',
  first_name: 'First name',
  last_name: 'Last name',
  gender: 'Gender',
  street: 'Street',
  city: 'City',
  department: 'Department',
  state: 'State',
  country: 'Country',
  postcode: 'Postcode',
  marital_status: 'Marital status',
  points: 'Points',
  age: 'Age',
  birthdate: 'Birthdate',
  createtime: 'Created',
  updatetime: 'Updated',
  club_inscription_date: 'Club inscription date',
  tags: 'Tags',
  mailing_enabled: 'Accepts e-mail',
  sms_enabled: 'Accepts SMS',
  'rfm.value_group': 'Value group',
  'rfm.recency': 'Recency score (1–5)',
  'rfm.frequency': 'Frequency score (1–5)',
  'rfm.monetary': 'Monetary score (1–5)',
};

/** The value groups a customer can be in, as the value field offers them. */
const VALUE_GROUP_CHOICES = Object.entries(GROUP_LABELS).map(([value, text]) => ({ value, text }));

const KIND_LABELS: Record<string, string> = {
  purchases: 'Purchases',
  event: 'User events',
  abandoned_cart: 'Abandoned cart',
  benefit: 'Benefit (coupon)',
  blacklisted: 'Blacklist',
  mailing: 'Mailing activity',
  segment: 'Another segment',
};

const ACTIVITIES = [
  { value: 'received', label: 'received (was sent)' },
  { value: 'opened', label: 'opened' },
  { value: 'clicked', label: 'clicked a link of' },
  { value: 'unsubscribed', label: 'unsubscribed from' },
  { value: 'bounced', label: 'bounced on' },
];

const MEASURES = [
  { value: 'count', label: 'Number of purchases' },
  { value: 'total', label: 'Amount spent' },
  { value: 'points', label: 'Points earned' },
];

/** What a subject is called in the builder (a condition's field select, summaries). */
export function subjectLabel(subject: Subject, options: Pick<BuilderOptions, 'attributes'>): string {
  if (!subject.startsWith('field:')) return KIND_LABELS[subject] ?? subject;
  const field = subject.slice('field:'.length);
  if (field.startsWith(ATTRIBUTE)) {
    const name = field.slice(ATTRIBUTE.length);
    return options.attributes.find((a) => a.name === name)?.label ?? name;
  }
  return PROFILE_LABELS[field] ?? field;
}

// --- tree edits ------------------------------------------------------------------------------------

function mapNode(node: DraftNode, id: string, change: (node: DraftNode) => DraftNode | null): DraftNode | null {
  if (node.id === id) return change(node);
  if (node.kind === 'condition') return node;
  const nodes = node.nodes.map((child) => mapNode(child, id, change)).filter((child): child is DraftNode => child !== null);
  return { ...node, nodes };
}

const edit = (root: DraftGroup, id: string, change: (node: DraftNode) => DraftNode | null) => mapNode(root, id, change) as DraftGroup;

// --- controls --------------------------------------------------------------------------------------

interface ControlState {
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A labelled control of a condition; `invalid` marks it (the message is under the condition). */
function Control({ label, invalid, messageId, hint, children }: { label: string; invalid: boolean; messageId: string; hint?: string; children: (control: ControlState & { id: string }) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [invalid ? messageId : undefined, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${invalid ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function Select({ value, onValue, options, control }: { value: string; onValue: (value: string) => void; options: readonly { value: string; label: string }[]; control: ControlState & { id: string } }) {
  return (
    <select {...control} value={value} onChange={(e) => onValue(e.target.value)}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/**
 * A value the account has no record of (a category code no category has, a branch no branch is
 * called, an option the attribute does not offer): said at once, not left to a silent "0 customers".
 */
function NoRecord({ children }: { children: ReactNode }) {
  return (
    <p className="value-warning" role="status" data-testid="value-warning">
      <span aria-hidden="true">⚠ </span>
      {children}
    </p>
  );
}

/** "Calzado › Zapatillas": a category by the names of its path. */
export function categoryLabel(categories: BuilderOptions['categories'], code: string): string | null {
  const byCode = new Map(categories.map((c) => [c.code, c]));
  const found = byCode.get(code);
  if (!found) return null;
  return found.path
    .split('/')
    .map((part) => byCode.get(part)?.name ?? part)
    .join(' › ');
}

// --- a condition -----------------------------------------------------------------------------------

interface NodeProps {
  builder: BuilderProps;
  /** "2", "3.1": the node's number for people. */
  number: string;
  /** The id of the node an API error names, and the control it names there. */
  target: { id: string; control: string } | null;
}

function SubjectSelect({ condition, builder, control }: { condition: DraftCondition; builder: BuilderProps; control: ControlState & { id: string } }) {
  const { attributes } = builder.options;
  const currentField = condition.subject.startsWith(`field:${ATTRIBUTE}`) ? condition.subject.slice(`field:${ATTRIBUTE}`.length) : null;
  const missing = currentField !== null && !attributes.some((a) => a.name === currentField);
  const profile = [...SEGMENT_FIELDS.text, ...SEGMENT_FIELDS.number, ...SEGMENT_FIELDS.date, ...SEGMENT_FIELDS.tags, ...SEGMENT_FIELDS.boolean];
  const change = (subject: string) => builder.onChange(edit(builder.root, condition.id, (node) => withSubject(node as DraftCondition, subject as Subject, builder.context)));
  return (
    <select {...control} value={condition.subject} onChange={(e) => change(e.target.value)}>
      <optgroup label="Profile">
        {profile.map((field) => (
          <option key={field} value={`field:${field}`}>
            {PROFILE_LABELS[field] ?? field}
          </option>
        ))}
      </optgroup>
      {attributes.length > 0 || missing ? (
        <optgroup label="Custom attributes">
          {attributes.map((attribute) => (
            <option key={attribute.name} value={`field:${ATTRIBUTE}${attribute.name}`}>
              {attribute.label}
            </option>
          ))}
          {missing ? <option value={condition.subject}>{currentField} (no longer defined)</option> : null}
        </optgroup>
      ) : null}
      <optgroup label="Activity">
        {Object.entries(KIND_LABELS).map(([kind, label]) => (
          <option key={kind} value={kind}>
            {label}
          </option>
        ))}
      </optgroup>
    </select>
  );
}

function ConditionEditor({ condition, builder, number, target }: NodeProps & { condition: DraftCondition }) {
  const messageId = useId();
  /** The SKU typed, once the catalogue said no product has it (SkuInput's check). */
  const [skuUnknown, setSkuUnknown] = useState<string | null>(null);
  const { context, options } = builder;
  const set = (changes: Partial<DraftCondition>) => builder.onChange(edit(builder.root, condition.id, (node) => ({ ...(node as DraftCondition), ...changes })));
  const problem = builder.problems.get(condition.id);
  const shownProblem = problem && (!problem.blank || builder.showBlank) ? problem : null;
  const apiError = target?.id === condition.id ? builder.error : null;
  const invalidControl = apiError ? target!.control : shownProblem?.control;
  const invalid = (name: string) => invalidControl === name;
  const props = (label: string, name: string, hint?: string) => ({ label, invalid: invalid(name), messageId, hint });

  const { subject } = condition;
  const isCount = subject === 'purchases' || subject === 'event';
  const type = isCount ? 'count' : fieldTypeOf(subject, context);
  const offered = operatorsOf(subject, context);
  const operators = offered.includes(condition.op) || condition.op === '' ? offered : [...offered, condition.op];
  const shape = valueShape(condition.op, type);
  const dateInput = type === 'date' && !condition.textDates ? 'date' : 'text';
  const numeric = type === 'number' || type === 'count';
  const membershipLabel = (op: string) =>
    subject === 'benefit'
      ? op === 'has'
        ? 'was given a coupon of'
        : 'was not given a coupon of'
      : subject === 'abandoned_cart'
        ? op === 'has'
          ? 'has an abandoned cart'
          : 'has no abandoned cart'
        : subject === 'mailing'
          ? op === 'has'
            ? 'did'
            : 'did not'
          : operatorLabel(op, 'membership');

  const operatorControl = (
    <Control {...props('Operator', 'op')}>
      {(control) => (
        <Select
          control={control}
          value={condition.op}
          onValue={(op) => set({ op, ...(valueShape(op, type) !== shape ? { value: '', value2: '' } : {}) })}
          options={operators.map((op) => ({ value: op, label: subject === 'benefit' || subject === 'abandoned_cart' || subject === 'mailing' || subject === 'segment' ? membershipLabel(op) : operatorLabel(op, type) }))}
        />
      )}
    </Control>
  );

  const valueInput = (name: 'value' | 'value2', label: string, hint?: string) => (
    <Control {...props(label, name, hint)}>
      {(control) =>
        // A day is typed in the locale's order, as on every other page (DateInput), not in the browser's date picker.
        type === 'date' && shape !== 'days' && dateInput === 'date' ? (
          <DateInput {...control} value={condition[name]} onValue={(day) => set({ [name]: day })} />
        ) : (
        <input
          {...control}
          type="text"
          inputMode={numeric || shape === 'days' ? 'decimal' : undefined}
          value={condition[name]}
          onChange={(e) => set({ [name]: e.target.value })}
          autoCapitalize="off"
          spellCheck={false}
        />
        )
      }
    </Control>
  );

  // A select attribute offers its options, not a text box; a stored value it no longer offers stays shown, with a warning.
  const attributeName = subject.startsWith(`field:${ATTRIBUTE}`) ? subject.slice(`field:${ATTRIBUTE}`.length) : null;
  const tagChoices = type === 'tags' && options.tagsComplete ? options.tags.map((t) => ({ value: t.tag, text: `${t.tag} (${formatCount(t.customers)} ${t.customers === 1 ? 'customer' : 'customers'})` })) : undefined;
  const choices = attributeName ? options.attributes.find((a) => a.name === attributeName)?.options : subject === 'field:rfm.value_group' ? VALUE_GROUP_CHOICES : tagChoices;
  const offersChoices = choices !== undefined && choices.length > 0 && (type === 'text' || type === 'tags');
  /** Why a value none of the choices has matches nobody, in the words of what the choices are. */
  const notChosen = (values: readonly string[]) => {
    const quoted = values.map((v) => `“${v}”`).join(', ');
    if (type === 'tags') return `No customer has the tag ${quoted}${values.length === 1 ? '' : ' (any of them)'}: choose a tag from the list.`;
    const what = attributeName ? 'this attribute’s options' : 'the value groups';
    return `${quoted} ${values.length === 1 ? 'is not one' : 'are not'} of ${what}: no customer can have ${values.length === 1 ? 'it' : 'them'}.`;
  };
  const notOption = type === 'tags' ? 'no customer has it' : 'not an option';
  const listItems = (text: string) => text.split(',').map((item) => item.trim()).filter((item) => item !== '');
  let warning: ReactNode = null;

  let valueControls: ReactNode = null;
  if (offersChoices && (shape === 'one' || shape === 'list')) {
    const known = (value: string) => choices.some((c) => c.value.localeCompare(value, undefined, { sensitivity: 'base' }) === 0);
    if (shape === 'one') {
      const listed = condition.value === '' || known(condition.value);
      valueControls = (
        <Control {...props(type === 'tags' ? 'Tag' : 'Value', 'value')}>
          {(control) => (
            <Select
              control={control}
              value={condition.value}
              onValue={(value) => set({ value })}
              options={[{ value: '', label: 'Choose one' }, ...choices.map((c) => ({ value: c.value, label: c.text })), ...(listed ? [] : [{ value: condition.value, label: `${condition.value} (${notOption})` }])]}
            />
          )}
        </Control>
      );
      if (!listed) warning = <NoRecord>{notChosen([condition.value])}</NoRecord>;
    } else {
      const chosen = listItems(condition.value);
      const unknown = chosen.filter((value) => !known(value));
      valueControls = (
        <Control {...props(type === 'tags' ? 'Tags' : 'Values', 'value', 'Choose one or more (Ctrl or ⌘ to add).')}>
          {(control) => (
            <select
              {...control}
              multiple
              size={Math.min(choices.length + unknown.length, 5)}
              value={chosen}
              onChange={(e) => set({ value: Array.from(e.target.selectedOptions, (o) => o.value).join(', ') })}
            >
              {choices.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.text}
                </option>
              ))}
              {unknown.map((value) => (
                <option key={value} value={value}>
                  {value} ({notOption})
                </option>
              ))}
            </select>
          )}
        </Control>
      );
      if (unknown.length > 0) warning = <NoRecord>{notChosen(unknown)}</NoRecord>;
    }
  } else switch (shape) {
    case 'none':
      break;
    case 'boolean':
      valueControls = (
        <Control {...props('Value', 'value')}>
          {(control) => (
            <Select
              control={control}
              value={condition.value || 'true'}
              onValue={(value) => set({ value })}
              options={[
                { value: 'true', label: 'Yes' },
                { value: 'false', label: 'No' },
              ]}
            />
          )}
        </Control>
      );
      break;
    case 'pair':
      valueControls = (
        <>
          {valueInput('value', 'From')}
          {valueInput('value2', 'To')}
        </>
      );
      break;
    case 'list':
      valueControls = valueInput('value', 'Values', type === 'tags' ? 'Tags, separated by commas.' : 'Separated by commas.');
      break;
    case 'days':
      valueControls = valueInput('value', 'Days');
      break;
    default:
      valueControls = valueInput('value', type === 'tags' ? 'Tag' : 'Value', type === 'date' && dateInput === 'text' ? 'YYYY-MM-DD, or YYYY-MM-DD hh:mm:ss, Greenwich time (GMT).' : undefined);
  }

  const windowControls = (choices: readonly { value: string; label: string }[]) => (
    <>
      <Control {...props('When', 'window')}>{(control) => <Select control={control} value={condition.window} onValue={(window) => set({ window: window as DraftCondition['window'] })} options={choices} />}</Control>
      {condition.window === 'last' ? (
        <Control {...props('Days', 'days')}>{(control) => <input {...control} type="text" inputMode="numeric" value={condition.days} onChange={(e) => set({ days: e.target.value })} />}</Control>
      ) : null}
      {condition.window === 'range' ? (
        <>
          <Control {...props('From', 'from')}>{(control) => <DateInput {...control} value={condition.from} onValue={(from) => set({ from })} />}</Control>
          <Control {...props('To', 'to')}>{(control) => <DateInput {...control} value={condition.to} onValue={(to) => set({ to })} />}</Control>
        </>
      ) : null}
    </>
  );
  /** The select of one of the account's benefits, mailings or segments; an id no longer listed stays shown. */
  const targetControl = (label: string, items: readonly { id: number; title: string }[], first: { value: string; label: string }) => {
    const listed = items.some((item) => String(item.id) === condition.target) || condition.target === first.value;
    return (
      <Control {...props(label, 'target')}>
        {(control) => (
          <Select
            control={control}
            value={condition.target}
            onValue={(target) => set({ target })}
            options={[first, ...items.map((item) => ({ value: String(item.id), label: item.title })), ...(listed ? [] : [{ value: condition.target, label: `${label} #${condition.target}` }])]}
          />
        )}
      </Control>
    );
  };
  const windows = [
    { value: 'ever', label: 'Ever' },
    { value: 'last', label: 'In the last … days' },
    { value: 'range', label: 'Between dates' },
  ];

  const branchKnown = options.branches.some((name) => name === condition.branch);
  const categoryKnown = options.categories.some((c) => c.code === condition.category);
  const categoryChoices = options.categories
    .map((c) => ({ value: c.code, label: categoryLabel(options.categories, c.code) ?? c.name }))
    .sort((a, b) => a.label.localeCompare(b.label));

  let body: ReactNode;
  switch (subject) {
    case 'purchases':
      if (skuUnknown !== null && skuUnknown === condition.sku.trim()) warning = <NoRecord>No product has the SKU “{skuUnknown}”: no purchase item matches it. Choose a product from the list.</NoRecord>;
      else if (condition.branch !== '' && !branchKnown) warning = <NoRecord>No branch is called “{condition.branch}”: no purchase matches it. Choose a branch from the list.</NoRecord>;
      else if (condition.category !== '' && !categoryKnown) warning = <NoRecord>No category has the code “{condition.category}”: no purchase matches it. Choose a category from the list.</NoRecord>;
      body = (
        <>
          <Control {...props('Measure', 'measure')}>{(control) => <Select control={control} value={condition.measure} onValue={(measure) => set({ measure })} options={MEASURES} />}</Control>
          {operatorControl}
          {valueControls}
          {windowControls(windows)}
          <Control {...props('Branch', 'branch')}>
            {(control) => (
              <Select
                control={control}
                value={condition.branch}
                onValue={(branch) => set({ branch })}
                options={[
                  { value: '', label: options.branches.length ? 'Any branch' : 'Any branch (none defined yet)' },
                  ...options.branches.map((name) => ({ value: name, label: name })),
                  ...(condition.branch === '' || branchKnown ? [] : [{ value: condition.branch, label: `${condition.branch} (no such branch)` }]),
                ]}
              />
            )}
          </Control>
          <Control {...props('Channel', 'channel')}>
            {(control) => <Select control={control} value={condition.channel} onValue={(channel) => set({ channel })} options={[{ value: '', label: 'Any channel' }, ...PURCHASE_CHANNELS.map((c) => ({ value: c, label: c }))]} />}
          </Control>
          <Control {...props('SKU', 'sku', 'Optional: an item with it. Type a SKU or a product’s name and choose it.')}>
            {(control) => <SkuInput control={control} value={condition.sku} onValue={(sku) => set({ sku })} onUnknown={setSkuUnknown} />}
          </Control>
          <Control {...props('Category', 'category', 'Or any category below it.')}>
            {(control) => (
              <Select
                control={control}
                value={condition.category}
                onValue={(category) => set({ category })}
                options={[
                  { value: '', label: options.categories.length ? 'Any category' : 'Any category (none defined yet)' },
                  ...categoryChoices,
                  ...(condition.category === '' || categoryKnown ? [] : [{ value: condition.category, label: `${condition.category} (no such category)` }]),
                ]}
              />
            )}
          </Control>
        </>
      );
      break;
    case 'event': {
      const names = options.events.includes(condition.target) || condition.target === '' ? options.events : [condition.target, ...options.events];
      if (condition.target !== '' && !options.events.includes(condition.target)) warning = <NoRecord>No event is called “{condition.target}”: no customer has it.</NoRecord>;
      body = (
        <>
          <Control {...props('Event', 'target')}>
            {(control) => <Select control={control} value={condition.target} onValue={(target) => set({ target })} options={[{ value: '', label: names.length ? 'Choose an event' : 'No events defined yet' }, ...names.map((name) => ({ value: name, label: name }))]} />}
          </Control>
          {operatorControl}
          {valueControls}
          {windowControls(windows)}
        </>
      );
      break;
    }
    case 'blacklisted':
      body = (
        <>
          <Control {...props('List', 'target')}>
            {(control) => (
              <Select
                control={control}
                value={condition.target}
                onValue={(target) => set({ target })}
                options={[
                  { value: 'email', label: 'E-mail blacklist' },
                  { value: 'telephone', label: 'Telephone blacklist' },
                ]}
              />
            )}
          </Control>
          <Control {...props('Value', 'value')}>
            {(control) => (
              <Select
                control={control}
                value={condition.value}
                onValue={(value) => set({ value })}
                options={[
                  { value: 'true', label: 'is on it' },
                  { value: 'false', label: 'is not on it' },
                ]}
              />
            )}
          </Control>
        </>
      );
      break;
    case 'benefit':
      body = (
        <>
          {operatorControl}
          {targetControl('Benefit', options.benefits, { value: '', label: options.benefits.length ? 'Choose a benefit' : 'No benefits yet' })}
        </>
      );
      break;
    case 'mailing':
      body = (
        <>
          {operatorControl}
          <Control {...props('Activity', 'activity')}>{(control) => <Select control={control} value={condition.activity} onValue={(activity) => set({ activity })} options={ACTIVITIES} />}</Control>
          {targetControl('Mailing', options.mailings, { value: 'any', label: 'any mailing' })}
          {windowControls(windows.slice(0, 2))}
        </>
      );
      break;
    case 'abandoned_cart':
      body = (
        <>
          {operatorControl}
          {windowControls(windows.slice(0, 2))}
        </>
      );
      break;
    case 'segment':
      body = (
        <>
          {operatorControl}
          {targetControl('Segment', options.segments, { value: '', label: options.segments.length ? 'Choose a segment' : 'No other segments yet' })}
        </>
      );
      break;
    default:
      body = (
        <>
          {operatorControl}
          {valueControls}
        </>
      );
  }

  return (
    <fieldset className={`segment-condition${apiError || shownProblem ? ' segment-invalid' : ''}`} data-testid="segment-condition" data-path-id={condition.id}>
      <legend>Condition {number}</legend>
      <div className="segment-row">
        <Control {...props('Field', 'subject')}>{(control) => <SubjectSelect condition={condition} builder={builder} control={control} />}</Control>
        {body}
      </div>
      {warning}
      <div className="segment-node-actions">
        <label className="check">
          <input type="checkbox" checked={condition.negated} onChange={(e) => set({ negated: e.target.checked })} /> Not (exclude who matches)
        </label>
        <button type="button" className="link" onClick={() => builder.onChange(edit(builder.root, condition.id, () => null))}>
          Remove condition {number}
        </button>
      </div>
      {apiError ? (
        <p className="field-error" id={messageId} role="alert" data-testid="condition-error">
          <ErrorText explained={explainForField(apiError)} />
        </p>
      ) : shownProblem ? (
        <p className="field-error" id={messageId} role="alert" data-testid="condition-error">
          {shownProblem.text}
        </p>
      ) : null}
    </fieldset>
  );
}

// --- a group ---------------------------------------------------------------------------------------

function GroupEditor({ group, builder, number, target }: NodeProps & { group: DraftGroup }) {
  const messageId = useId();
  const isRoot = group.id === builder.root.id;
  const set = (changes: Partial<DraftGroup>) => builder.onChange(edit(builder.root, group.id, (node) => ({ ...(node as DraftGroup), ...changes })));
  const add = (node: DraftNode) => set({ nodes: [...group.nodes, node] });
  const problem = builder.problems.get(group.id);
  const shownProblem = problem && (!problem.blank || builder.showBlank) ? problem : null;
  const apiError = target?.id === group.id ? builder.error : null;
  const childNumber = (index: number) => (isRoot ? String(index + 1) : `${number}.${index + 1}`);
  const selectId = useId();
  return (
    <fieldset className={`segment-group${isRoot ? ' segment-root' : ''}`} data-testid="segment-group">
      <legend>{isRoot ? 'Customers who match' : `Group ${number}`}</legend>
      <div className="segment-node-actions">
        <label htmlFor={selectId}>{isRoot ? 'Match' : `Group ${number} matches`}</label>
        <select id={selectId} value={group.match} onChange={(e) => set({ match: e.target.value as DraftGroup['match'] })} aria-invalid={apiError ? true : undefined} aria-describedby={apiError ? messageId : undefined}>
          <option value="all">all of these</option>
          <option value="any">any of these</option>
        </select>
        {!isRoot ? (
          <>
            <label className="check">
              <input type="checkbox" checked={group.negated} onChange={(e) => set({ negated: e.target.checked })} /> Not (exclude who matches)
            </label>
            <button type="button" className="link" onClick={() => builder.onChange(edit(builder.root, group.id, () => null))}>
              Remove group {number}
            </button>
          </>
        ) : null}
      </div>
      {apiError ? (
        <p className="field-error" id={messageId} role="alert" data-testid="condition-error">
          <ErrorText explained={explainForField(apiError)} />
        </p>
      ) : shownProblem ? (
        <p className="field-error" id={messageId} role="alert" data-testid="condition-error">
          {shownProblem.text}
        </p>
      ) : null}
      <ol className="segment-nodes">
        {group.nodes.map((child, index) => (
          <li key={child.id}>
            {index > 0 ? (
              <span className="segment-connector" aria-hidden="true">
                {group.match === 'all' ? 'and' : 'or'}
              </span>
            ) : null}
            {child.kind === 'group' ? (
              <GroupEditor group={child} builder={builder} number={childNumber(index)} target={target} />
            ) : (
              <ConditionEditor condition={child} builder={builder} number={childNumber(index)} target={target} />
            )}
          </li>
        ))}
      </ol>
      <div className="actions">
        <button type="button" onClick={() => add(newCondition('field:email', builder.context))}>
          {isRoot ? 'Add condition' : `Add condition to group ${number}`}
        </button>
        <button type="button" onClick={() => add(newGroup(group.match === 'all' ? 'any' : 'all', [newCondition('field:email', builder.context)]))}>
          {isRoot ? 'Add group' : `Add group to group ${number}`}
        </button>
      </div>
    </fieldset>
  );
}

/** The node and control an API 400 names, when it names a path of this definition. */
export function errorTarget(root: DraftGroup, error: unknown): { id: string; control: string } | null {
  const field = fieldOf(error)?.field;
  if (!field || !(field === 'definition' || field.startsWith('definition.'))) return null;
  const node = nodeNamed(root, field);
  return node ? { id: node.id, control: controlNamed(node.rest) } : { id: root.id, control: 'group' };
}

export function SegmentBuilder(props: BuilderProps) {
  const target = errorTarget(props.root, props.error);
  return (
    <div className="segment-builder" data-testid="segment-builder">
      <GroupEditor group={props.root} builder={props} number="" target={target} />
    </div>
  );
}
