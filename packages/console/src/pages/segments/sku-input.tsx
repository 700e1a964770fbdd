import { useEffect, useId } from 'react';
import { useApiQuery } from '../../api/queries.js';
import { useDebounced } from '../../lib/debounce.js';

// A purchase condition's SKU: typed, with the catalogue's products that match what is typed (by SKU
// or name, GET /products?search=) offered under it, and the typed SKU looked up exactly
// (GET /products?sku=): one no product has is reported, for the condition's warning. The catalogue
// may be large, so it is searched as one types rather than listed whole.

/** How many products are offered while typing. */
const SUGGESTED = 8;
/** Typing pauses this long before the catalogue is asked. */
const TYPING_MS = 250;

export function SkuInput({
  control,
  value,
  onValue,
  onUnknown,
}: {
  control: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
  value: string;
  onValue: (value: string) => void;
  /** Called with the SKU when no product has it, with null when one has (or nothing is typed). */
  onUnknown: (sku: string | null) => void;
}) {
  const listId = useId();
  const typed = useDebounced(value.trim(), TYPING_MS);
  const suggestions = useApiQuery(['/products', 'sku suggestions', typed], (api, signal) => api.GET('/products', { params: { query: { search: typed, limit: SUGGESTED } }, signal }), {
    enabled: typed !== '',
    staleTime: 30_000,
  });
  const exact = useApiQuery(['/products', 'sku exists', typed], (api, signal) => api.GET('/products', { params: { query: { sku: typed, limit: 1 } }, signal }), {
    enabled: typed !== '',
    staleTime: 30_000,
  });
  const unknown = typed !== '' && exact.data !== undefined && exact.data.length === 0 ? typed : null;
  useEffect(() => onUnknown(unknown), [unknown, onUnknown]);
  return (
    <>
      <input {...control} type="text" list={listId} value={value} onChange={(e) => onValue(e.target.value)} autoCapitalize="off" spellCheck={false} autoComplete="off" />
      <datalist id={listId} data-testid="sku-suggestions">
        {(typed === '' ? [] : (suggestions.data ?? [])).map((product) => (
          <option key={product.id} value={product.sku}>
            {product.name}
          </option>
        ))}
      </datalist>
    </>
  );
}
