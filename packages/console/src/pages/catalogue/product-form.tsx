import { encodeSku } from '@rapport/sdk';
import { useState } from 'react';
import { FieldProblem, namesField } from '../../api/errors.js';
import { type GetResult, useApiMutation, useGet } from '../../api/queries.js';
import { CheckboxField, Form, SelectField, SubmitButton, TextAreaField, TextField } from '../../components/form.js';
import { Loading } from '../../components/states.js';
import { useApi } from '../../api/session.js';
import { formatMoney, numberAsTyped } from '../../lib/format.js';
import { categoryOptions, pathTo } from '../categories/tree.js';
import { KINDS } from '../custom-attributes/kinds.js';
import { AttributeFields, type RawValues, apiValues, rawValues } from '../custom-attributes/values.js';
import { check, numberOrText, problems, readNumber, sameCode } from '../../lib/validate.js';
import { changedOnly } from './shared.js';

// One form for a new product (POST /products) and for changing one (PUT /products/{sku}, only the
// fields that changed). Control names are the API's field names, so a 400 shows under its control.

export type Product = GetResult<'/products/{sku}'>;

const TEXT_FIELDS = ['sku', 'name', 'brand', 'base_name', 'description', 'url', 'image_url', 'thumbnail_url'] as const;
const NUMBER_FIELDS = ['price', 'offer_price', 'stock'] as const;
/** The number fields that hold whole numbers (read with the locale's grouping, "1.500" in es). */
const WHOLE_FIELDS: ReadonlySet<string> = new Set(['stock']);
const MORE_FIELDS = ['base_name', 'url', 'image_url', 'thumbnail_url'];
/**
 * What to do instead of emptying a number the product has: the API reads an absent or null number as
 * "no change" (G8), so an emptied field would save as nothing at all; the form says so instead.
 */
const NOT_REMOVABLE: Record<(typeof NUMBER_FIELDS)[number], string> = {
  price: 'The price cannot be removed once set; type the price the product sells at.',
  offer_price: 'The offer price cannot be removed once set; to end the offer, type the same amount as the price.',
  stock: 'The stock cannot be removed once set; type 0 for none.',
};
type Values = Record<(typeof TEXT_FIELDS)[number] | (typeof NUMBER_FIELDS)[number] | 'category', string> & { available: boolean };

function valuesOf(product: Product | undefined): Values {
  const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    sku: text(product?.sku),
    name: text(product?.name),
    brand: text(product?.brand),
    base_name: text(product?.base_name),
    description: text(product?.description),
    url: text(product?.url),
    image_url: text(product?.image_url),
    thumbnail_url: text(product?.thumbnail_url),
    // Numbers as the locale writes them ("129,95", "1.500" in es), read back to the same value (an unchanged field sends nothing).
    price: numberAsTyped(product?.price),
    offer_price: numberAsTyped(product?.offer_price),
    stock: numberAsTyped(product?.stock),
    category: product?.category.at(-1)?.id ?? '',
    available: product?.available ?? true,
  };
}

export function ProductForm({ product, onSaved }: { product?: Product; onSaved: (product: Product) => void }) {
  const categories = useGet('/categories');
  const definitions = useGet(KINDS[1].path);
  if (definitions.isPending || categories.isPending) return <Loading label="Loading the form…" />;
  return <ProductFormFields product={product} onSaved={onSaved} categories={categories.data ?? []} definitions={definitions.data ?? []} />;
}

function ProductFormFields({
  product,
  onSaved,
  categories,
  definitions,
}: {
  product?: Product;
  onSaved: (product: Product) => void;
  categories: GetResult<'/categories'>;
  definitions: GetResult<'/account/product-custom-attributes'>;
}) {
  const initial = valuesOf(product);
  const [values, setValues] = useState<Values>(initial);
  const [attributes, setAttributes] = useState<RawValues>(() => rawValues(definitions, product?.custom_attributes));
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const save = useApiMutation(
    async (api, body: Record<string, unknown>) => {
      try {
        // The form checked the numbers first (validate); the API checks the rest and names the field.
        return await (product
          ? api.PUT('/products/{sku}', { params: { path: { sku: encodeSku(product.sku) } }, body: body as never })
          : api.POST('/products', { body: body as never }));
      } catch (error) {
        // A SKU taken: the API says so, not by which product; one read names it.
        const sku = typeof body.sku === 'string' ? body.sku : null;
        if (sku === null || !namesField(error, 'sku')) throw error;
        const [holder] = await api.GET('/products', { params: { query: { sku, limit: 1 } } }).catch(() => []);
        if (!holder) throw error;
        throw new FieldProblem('sku', `The SKU “${sku}” is already the SKU of product “${holder.name}” (#${holder.id}): choose another SKU.`);
      }
    },
    { invalidate: [['api', '/products'], ['api', '/products/{sku}']], onSuccess: (saved) => onSaved(saved as Product) },
  );

  // A SKU that differs from another product's only in capitals is allowed (the API keys on the exact
  // SKU) but likely a slip: the first save only warns, naming that product (looked for among the
  // first 1,000 the API's case-blind search finds). An exact match the API refuses (above).
  const api = useApi();
  const sku = values.sku.trim();
  const [twin, setTwin] = useState<{ sku: string; name: string; id: number; typed: string } | null>(null);
  const twinWarned = twin !== null && twin.typed === sku;
  const findTwin = async (typed: string) => {
    let seen = 0;
    try {
      for await (const other of api.paginate('/products', { params: { query: { search: typed } } })) {
        if (other.id !== product?.id && other.sku !== typed && sameCode(other.sku, typed)) return { sku: other.sku, name: other.name, id: other.id, typed };
        if ((seen += 1) >= 1000) break;
      }
    } catch {
      // Not read: nothing to warn of; the save says what goes wrong with it.
    }
    return null;
  };

  // An offer price above the price is allowed (the API takes any two numbers ≥ 0) but likely a slip:
  // the first save (of a new product, or of a changed price or offer price) only warns.
  const price = readNumber(values.price);
  const offer = readNumber(values.offer_price);
  const offerAbove = price !== null && offer !== null && offer > price ? `${offer} ${price}` : null;
  const [offerWarned, setOfferWarned] = useState<string | null>(null);
  const offerShown = offerAbove !== null && offerWarned === offerAbove;

  /** A number the product has, emptied: what to type instead (NOT_REMOVABLE), else null. */
  const emptied = (key: (typeof NUMBER_FIELDS)[number]) => (product && initial[key] !== '' && values[key].trim() === '' ? NOT_REMOVABLE[key] : null);

  const submit = async () => {
    const changed = product ? changedOnly(initial, values) : values;
    let found = false;
    if ('sku' in changed && sku !== '' && !twinWarned) {
      const other = await findTwin(sku);
      setTwin(other);
      found = other !== null;
    }
    const offerNew = offerAbove !== null && ('price' in changed || 'offer_price' in changed) && !offerShown;
    if (offerNew) setOfferWarned(offerAbove);
    if (found || offerNew) return;
    const body: Record<string, unknown> = {};
    for (const key of TEXT_FIELDS) if (key in changed && (product || values[key] !== '')) body[key] = values[key];
    for (const key of NUMBER_FIELDS) if (key in changed && values[key].trim() !== '') body[key] = numberOrText(values[key], WHOLE_FIELDS.has(key));
    if ('available' in changed) body.available = values.available;
    if ('category' in changed && (product || values.category)) body.category = values.category ? pathTo(categories, values.category).map((c) => ({ id: c.code, name: c.name })) : [];
    const custom = apiValues(definitions, attributes, product?.custom_attributes);
    if (Object.keys(custom).length > 0) body.custom_attributes = custom;
    save.mutate(body);
  };

  return (
    <Form
      error={save.error}
      label={product ? 'Edit product' : 'New product'}
      validate={() =>
        problems({
          sku: check.filled(values.sku, 'Type the product’s SKU (your code for it).'),
          name: product ? null : check.filled(values.name, 'Type the product’s name.'),
          price: emptied('price') ?? check.number(values.price, { min: 0, optional: true }),
          offer_price: emptied('offer_price') ?? check.number(values.offer_price, { min: 0, optional: true }),
          stock: emptied('stock') ?? check.wholeNumber(values.stock, { optional: true, example: '12, or -3 for back orders' }),
        })
      }
      onSubmit={() => void submit()}
    >
      <TextField label="SKU" name="sku" value={values.sku} onValue={set('sku')} hint={product ? 'Changing it renames the product.' : 'Your unique code for the product.'} spellCheck={false} />
      <TextField label="Name" name="name" value={values.name} onValue={set('name')} />
      <TextField label="Brand" name="brand" value={values.brand} onValue={set('brand')} />
      <SelectField label="Category" name="category" value={values.category} onValue={set('category')} options={categoryOptions(categories, { value: '', label: 'No category' })} hint="Add categories on the Categories page." />
      <div className="grid">
        <TextField label="Price" name="price" inputMode="decimal" value={values.price} onValue={set('price')} />
        <TextField label="Offer price" name="offer_price" inputMode="decimal" value={values.offer_price} onValue={set('offer_price')} />
        <TextField label="Stock" name="stock" inputMode="numeric" value={values.stock} onValue={set('stock')} hint="Units; negative for back orders." />
      </div>
      <CheckboxField label="Available for sale" name="available" checked={values.available} onChecked={(available) => setValues((v) => ({ ...v, available }))} />
      <TextAreaField label="Description" name="description" value={values.description} onValue={set('description')} />
      {/* opened when the API's message is about a field inside, so that it can be seen and focused */}
      <details open={MORE_FIELDS.some((name) => namesField(save.error, name)) || undefined}>
        <summary>More fields</summary>
        <div className="form">
          <TextField label="Base name" name="base_name" value={values.base_name} onValue={set('base_name')} />
          <TextField label="Product page URL" name="url" type="url" value={values.url} onValue={set('url')} />
          <TextField label="Image URL" name="image_url" type="url" value={values.image_url} onValue={set('image_url')} />
          <TextField label="Thumbnail URL" name="thumbnail_url" type="url" value={values.thumbnail_url} onValue={set('thumbnail_url')} />
        </div>
      </details>
      <AttributeFields definitions={definitions} values={attributes} onChange={setAttributes} />
      {twinWarned ? (
        <p className="warning-note" role="alert" data-testid="duplicate-warning">
          The SKU “{sku}” differs only in capitals from “{twin.sku}”, the SKU of product “{twin.name}” (#{twin.id}). {product ? 'Save with this SKU anyway?' : 'Create this product anyway?'}
        </p>
      ) : null}
      {offerShown ? (
        <p className="warning-note" role="alert" data-testid="offer-price-warning">
          The offer price is higher than the price ({formatMoney(offer)} against {formatMoney(price)}). Correct one of them, or {product ? 'save' : 'create it'} anyway.
        </p>
      ) : null}
      <div className="actions">
        <SubmitButton busy={save.isPending}>{twinWarned || offerShown ? (product ? 'Save anyway' : 'Create anyway') : product ? 'Save changes' : 'Create product'}</SubmitButton>
      </div>
    </Form>
  );
}
