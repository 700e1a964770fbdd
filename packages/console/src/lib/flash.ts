// A message for the next page, after an action that leaves the page it was taken on (a customer
// deleted from their own page: the Customers page says so). Kept in memory, read by the next page
// that asks: a reload does not show it again.

let pending: string | null = null;

/** Leaves `text` for the next page that reads it. */
export function setFlash(text: string): void {
  pending = text;
}

/** The message left for this page, if any (it stays until clearFlash, so a double render reads it too). */
export const peekFlash = (): string | null => pending;

export function clearFlash(): void {
  pending = null;
}
