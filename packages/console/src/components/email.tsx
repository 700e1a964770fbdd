/**
 * An e-mail address that, when its box is too narrow, wraps after its "@" ("ana.garcia@" /
 * "example.com") rather than wherever the line runs out (a domain with hyphens may still break at
 * one). Copied, it is the address alone: <wbr> adds no character.
 */
export function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  // One element, so that a grid cell (a table row as a card) holds it as one item.
  if (at <= 0) return <span>{address}</span>;
  return (
    <span>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </span>
  );
}
