import { RapportError, RapportTimeoutError } from '@rapport/sdk';
import { formatCount } from '../lib/format.js';
import { showDateTime, showDay, toZoned } from '../lib/dates.js';
import { notANumber } from '../lib/validate.js';

// What an error says to a person. The API's messages are written for programs and their authors
// ("points: must be integer", "invalid or inexistent apikey"); the console says what happened and
// what to do in its own words (explain().text), and does not echo the API's wording under it. Only
// where the console's words cannot say it all (a server failure, an unreachable server, a refusal
// it does not know) a detail line (explain().detail) adds the particulars in plain words, for
// whoever runs the server.
//
// The API's 400 messages name the field first, "field: rule" (`email: must be a valid e-mail
// address`, `purchase_detail[0].sku: is required`). Forms show such a message under the control
// with that name, and any other error above the form.

const FIELD_MESSAGE = /^([A-Za-z_][\w-]*(?:\[\d+\]|\.[\w-]+)*): (.+)$/s;

/**
 * A problem the console found with one field before or instead of the API (a customer that cannot
 * be found from what was typed): shown under that field like an API 400 naming it.
 */
export class FieldProblem extends Error {
  override readonly name = 'FieldProblem';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The field an error names, and its rule, or null when it names none (or is not an API 400). */
export function fieldOf(error: unknown): { field: string; rule: string } | null {
  if (error instanceof FieldProblem) return { field: error.field, rule: error.message };
  if (!(error instanceof RapportError) || error.status !== 400) return null;
  const match = FIELD_MESSAGE.exec(error.message);
  return match ? { field: match[1]!, rule: match[2]! } : null;
}

/** True when the error is about `name` or something inside it (`tags` covers `tags[2]`). */
export function namesField(error: unknown, name: string): boolean {
  const named = fieldOf(error)?.field;
  if (!named) return false;
  return named === name || named.startsWith(`${name}.`) || named.startsWith(`${name}[`);
}

/** The words for a refused key (403), at sign-in and when a key is revoked while signed in. */
export const KEY_REFUSED = 'This API key is not valid (or was revoked). Paste a current key.';

/** The words for a change refused to a read-only key (D8: 403 "this key is read-only"). */
export const KEY_READ_ONLY = 'This API key can only read, so nothing was changed. Sign in with a key that can make changes to do this.';

/** D8: the API refuses every write of a read-only key with 403 and this message. */
const READ_ONLY_MESSAGE = /\bread-only\b/i;
/** T1: a person's role is below the route's: "only an owner may do this (your role is viewer)". */
const ROLE_MESSAGE = /\(your role is (\w+)\)/;
/** T3: a cookie write without the CSRF header (the console always sends it). */
const CSRF_MESSAGE = /X-Rapport-Console/;
/** T3: the cookie's session ended (expired, signed out elsewhere, the person removed). */
const SESSION_ENDED_MESSAGE = /\bsession has ended\b/;

export interface Explained {
  /** What happened and what to do, in the console's words. */
  text: string;
  /** What more there is to say, for whoever runs the server (a failure's message); null when `text` says it all. */
  detail: string | null;
}

const sentence = (text: string) => {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
};

/** A field name for people: `first_name` → "First name", `custom_attributes.tier` → "Tier". */
export function fieldLabel(field: string): string {
  const last = field.replace(/\[\d+\]/g, '').split('.').pop() ?? field;
  return sentence(last.replace(/_/g, ' ')).replace(/\.$/, '');
}

/**
 * The rule of a 400 about one field, as what to do. Known rules of the API's validator and
 * services; anything else is the API's rule as a sentence.
 */
export function ruleInWords(rule: string): string {
  const r = rule.trim();
  let m: RegExpExecArray | null;
  if (/^is required\b/.test(r) || /^must NOT have fewer than 1 characters?$/.test(r) || /^must not be blank$/.test(r)) return 'Fill this in.';
  if ((m = /^must NOT have fewer than (\d+) characters$/.exec(r))) return `Type at least ${m[1]} characters.`;
  if ((m = /^must NOT have more than (\d+) (characters|items)$/.exec(r))) return m[2] === 'items' ? `Give at most ${m[1]}.` : `Shorten it to ${formatCount(Number(m[1]))} characters or fewer.`;
  if (/^must be integer( or null)?$/.test(r)) return 'Type a whole number, digits only (like 10).';
  if (/^must be number( or null)?$/.test(r) || /^must be a number$/.test(r)) return notANumber();
  if (/^must be boolean/.test(r)) return 'Choose yes or no.';
  if (/^must be string/.test(r)) return 'Type text here.';
  if ((m = /^must be (?:an integer|a whole number) from (-?[\d,]+) to (-?[\d,]+)/.exec(r))) return `Type a whole number from ${m[1]} to ${m[2]}.`;
  if ((m = /^must be >= (-?[\d.]+)$/.exec(r))) return `Type ${m[1]} or more.`;
  if ((m = /^must be > (-?[\d.]+)$/.exec(r))) return `Type more than ${m[1]}.`;
  if ((m = /^must be <= (-?[\d.]+)$/.exec(r))) return `Type ${m[1]} or less.`;
  if ((m = /^must be < (-?[\d.]+)$/.exec(r))) return `Type less than ${m[1]}.`;
  if (/^must be a positive integer$/.test(r)) return 'Type a whole number, 1 or more.';
  if (/^must be a valid (email|e-mail)/.test(r)) return 'Type an e-mail address, like ana@example.com.';
  if (/^must be a valid (uri|url|iri)/.test(r)) return 'Type a full web address, starting with https://.';
  if (/^must be a valid (date|date-time)/.test(r) || /^must be a datetime/.test(r)) return 'Type a date as YYYY-MM-DD (a time, if any, as hh:mm).';
  if ((m = /^must be one of (.+)$/.exec(r))) return `Choose one of ${m[1]!.replace(/"/g, '')}.`;
  if (/^must not be after to\b/.test(r)) return 'Choose a start on or before the end.';
  if (/^must be \[min, max\] with min not above max$/.test(r)) return 'Put the smaller number first.';
  if (/^must be \[from, to\] with from not after to$/.test(r)) return 'Put the earlier date first.';
  if ((m = /^must be an array of 1 to ([\d,]+) values$/.exec(r))) return `Give 1 to ${m[1]} values, separated by commas.`;
  if ((m = /^groups may be nested at most (\d+) levels deep$/.exec(r))) return `Groups go at most ${m[1]} levels deep (a Not counts as one): move this one up.`;
  if ((m = /^a definition may have at most (\d+) conditions$/.exec(r))) return `A segment has at most ${m[1]} conditions: remove some.`;
  if (/^must be after startdate\b/.test(r)) return 'Choose an end after the start.';
  if (/^must not be 0$/.test(r)) return 'Type a number other than 0 (negative to take away).';
  if ((m = /^would take the balance below zero \(balance is (\d+)\)$/.exec(r))) {
    return `The customer has ${formatCount(Number(m[1]))} points: take away ${formatCount(Number(m[1]))} at most.`;
  }
  if ((m = /^does not parse as a Liquid template: line (\d+), column (\d+): (.+)$/s.exec(r))) {
    return `The template has a mistake at line ${m[1]}, column ${m[2]} (${m[3]!.trim()}): check the {{ … }} and {% … %} there.`;
  }
  if ((m = /^does not compile as MJML: line (\d+): (.+)$/s.exec(r))) return `The MJML does not compile at line ${m[1]} (${m[2]!.trim()}): correct it, or choose HTML.`;
  // W1: a webhook's address on this machine or a private network (docs/webhooks.md).
  if ((m = /^refused: (.+?)(?:, which)? is an? cloud metadata address$/.exec(r))) return `Rapport never sends messages to ${m[1]}: it is the cloud's own metadata service. Use your receiver's public https:// address.`;
  if ((m = /^refused: (.+?)(?:, which)? is an? ([a-z -]+) address$/.exec(r))) {
    return `Rapport only delivers to public internet addresses, and ${m[1]} is a ${m[2]} address (this machine or a private network). Use your receiver's public https:// address. If the receiver is on your own network, whoever runs the Rapport server can allow private addresses (the setting WEBHOOK_ALLOW_PRIVATE=true).`;
  }
  // W1: an address that is not a URL at all; the second form from a server that allows private addresses.
  if (/^must be an absolute https:\/\/ URL$/.test(r)) return 'Type a full address starting with https://, like https://crm.example.com/hooks/rapport.';
  if (/^must be an absolute URL: https:\/\/…, or http:\/\/… to an address on this machine or a private network$/.test(r)) {
    return 'Type a full address starting with https://, like https://crm.example.com/hooks/rapport; http:// is accepted too (this server allows it) for an address on this machine or a private network.';
  }
  if (/^refused: http:\/\/ is accepted only for private networks/.test(r)) return 'Use an https:// address: Rapport sends to internet addresses over https:// only, so the messages cannot be read on the way.';
  if (/^is a person of this account already$/.test(r)) return 'This e-mail is a person of this account already: find them under Everyone.';
  if (/^the last owner cannot be/.test(r)) return 'The account needs an owner: make another person an owner first, then change or remove this one.';
  if (/^no event has that name$/.test(r)) return 'There is no event by that name (any more): choose another, or create it on the Events page.';
  // Duplicates: say what holds the value, in the words of the page it was typed on.
  if ((m = /^event "(.+)" already exists$/s.exec(r))) return `There is already an event named “${m[1]}”: choose another name, or use that event.`;
  if ((m = /^a branch named "(.+)" already exists$/s.exec(r))) return `There is already a branch named “${m[1]}”: choose another name, or edit that branch.`;
  if ((m = /^category "(.+)" already exists$/s.exec(r))) return `There is already a category with the code “${m[1]}”: choose another code.`;
  if ((m = /^a product with sku "(.+)" already exists$/s.exec(r))) return `There is already a product with the SKU “${m[1]}”: choose another SKU.`;
  if ((m = /^invoice_number: a purchase with invoice_number "(.+)" already exists$/s.exec(r)) || (m = /^a purchase with invoice_number "(.+)" already exists$/s.exec(r))) {
    return `There is already a purchase with the invoice number “${m[1]}”.`;
  }
  if ((m = /^"(.+)" already belongs to another member of this user$/s.exec(r))) return `Another family member of this customer already has “${m[1]}”: choose another.`;
  if ((m = /^"(.+)" already belongs to another user$/s.exec(r))) return `Another customer already has “${m[1]}”: find that customer, or type another.`;
  if (/already belongs to another user$/.test(r)) return 'Another customer already has one of these: find that customer, or type another.';
  if ((m = /^"(.+)" already exists$/s.exec(r))) return `“${m[1]}” is already taken: choose another name.`;
  if (/already exists$|already belongs to/.test(r)) return 'This is already taken: choose another.';
  if (/^must be 1 to 64 characters, only letters, digits and -$/.test(r)) return 'Use 1 to 64 letters, digits or -, without spaces.';
  if ((m = /^refused: (.+)$/s.exec(r))) return `This address cannot receive webhooks: ${m[1]!.trim()}.`;
  if ((m = /^"(.+)" is not a customer field, .*?(?:; the fields are (.+))?$/s.exec(r))) return `There is no column “${m[1]}”: check its spelling${m[2] ? `. The columns the export can give: ${m[2]}.` : '.'}`;
  if (/^names a field twice$/.test(r)) return 'A column is named twice: name each once.';
  if ((m = /^no user custom attribute named "(.+?)" is defined(?:; (?:the account defines none|the account's are (.+)))?$/s.exec(r))) {
    return `There is no custom attribute “${m[1]}”: check its name on the Custom attributes page.${m[2] ? ` The account's: ${m[2]}.` : ''}`;
  }
  if ((m = /the (?:range|window) may cover at most (\d+) (day|month)s/.exec(r))) return `Choose a shorter period: at most ${m[1]} ${m[2]}s.`;
  return sentence(r);
}

/** B5's monthly limit: "… has reached the monthly limit of 1 assignment(s) of benefit 4 (UTC month starting 2026-11-01 00:00:00)". */
const MONTHLY_LIMIT = /has reached the monthly limit of (\d+) assignment\(s\) of .*\(UTC month starting (\d{4})-(\d{2})-01\b/s;

/**
 * A benefit's monthly limit reached (B5), in words naming who and what ("Ana Pérez", "“Free
 * coffee”"; the API's message has only their numbers), or null when `error` is not that refusal.
 * The API counts calendar months in UTC: the next one starts on the 1st at 00:00 UTC, shown as that
 * day where the account's clocks read midnight then, else as the moment on the account's clocks
 * ("30/11/2026 21:00 GMT-3" in Buenos Aires).
 */
export function monthlyLimitInWords(error: unknown, customer = 'This customer', benefit = 'this benefit'): string | null {
  const message = error instanceof RapportError && error.status === 400 ? error.message : typeof error === 'string' ? error : '';
  const m = MONTHLY_LIMIT.exec(message);
  if (!m) return null;
  const limit = Number(m[1]);
  const next = new Date(Date.UTC(Number(m[2]), Number(m[3]), 1)).toISOString().slice(0, 10);
  const wall = toZoned(`${next} 00:00:00`);
  const again = wall.endsWith(' 00:00:00') ? showDay(wall.slice(0, 10)) : showDateTime(`${next} 00:00:00`);
  const times = limit === 1 ? '' : ` ${formatCount(limit)} times`;
  return `${customer} already received ${benefit}${times} this month (limit ${formatCount(limit)} a month); they can receive it again from ${again}.`;
}

/** A 400 that names no field: the benefit assignment's refusals (B5) and the bodies' rules. */
function badRequestInWords(message: string): string {
  let m: RegExpExecArray | null;
  const limited = monthlyLimitInWords(message);
  if (limited) return limited;
  if ((m = /has not enough points: has (\d+), .* needs (\d+)/.exec(message))) {
    return `This customer has ${formatCount(Number(m[1]))} points and it costs ${formatCount(Number(m[2]))}: add points first, or choose another customer.`;
  }
  if (/ has ended\b/.test(message)) return 'This benefit has ended: move its end date (Edit) to assign it.';
  if (/ has not started\b/.test(message)) return 'This benefit has not started yet: move its start date (Edit) to assign it now.';
  if (/ is inactive\b/.test(message)) return 'This benefit is inactive: set its status to Active (Edit) to assign it.';
  if (/^the last owner cannot be/i.test(message)) return 'The account needs an owner: make another person an owner first, then change or remove this one.';
  if (/ is out of stock$/.test(message)) return 'This benefit is out of stock: raise its stock (Edit) to assign it.';
  return sentence(message);
}

/** What to tell a person about any error: the console's words first, the API's message as a detail. */
export function explain(error: unknown): Explained {
  if (error instanceof FieldProblem) return { text: `${fieldLabel(error.field)}: ${error.message}`, detail: null };
  if (error instanceof RapportError) {
    const api = error.message;
    // The console's words say it: the API's wording is not repeated under them.
    const withDetail = (text: string): Explained => ({ text, detail: null });
    // The console's words cannot say what failed: the particulars go under them, for whoever runs the server.
    const forSupport = (text: string): Explained => ({ text, detail: api && api !== text ? `Details for whoever runs the server: ${sentence(api)}` : null });
    const named = fieldOf(error);
    if (named) return withDetail(`${fieldLabel(named.field)}: ${ruleInWords(named.rule)}`);
    switch (error.status) {
      case 400:
        return withDetail(badRequestInWords(api));
      case 403: {
        const role = ROLE_MESSAGE.exec(api);
        if (role) return withDetail(`Your role (${role[1]}) cannot do this: ask an owner of the account.`);
        if (SESSION_ENDED_MESSAGE.test(api)) return withDetail('Your session has ended (it expired, or you were signed out or removed): sign in again.');
        if (CSRF_MESSAGE.test(api)) return withDetail('The server refused the change as not coming from the console: reload the page and try again.');
        return withDetail(READ_ONLY_MESSAGE.test(api) ? KEY_READ_ONLY : KEY_REFUSED);
      }
      case 404:
        return withDetail(error.code === 'user_not_found' ? 'No such customer: check the e-mail, customer ID in your shop or number.' : 'It is not there (any more): it may have been deleted. Reload the page.');
      case 409:
        return withDetail('The same change is still being made. Wait a moment, then look before trying again.');
      case 413:
        return withDetail('That is too large for the server: send a smaller file, or less at once.');
      case 414:
        return withDetail('A value is too long for the server: shorten it.');
      case 429:
        return withDetail(`Too many requests right now: wait ${error.retryAfter ? `${error.retryAfter} seconds` : 'a few seconds'} and try again.`);
      case 503:
        return withDetail('The server is busy (or cannot reach its database): try again in a moment.');
      default:
        if (error.status >= 500) return forSupport('The server failed on this request: try again. If it fails again, give the details below to whoever runs the server.');
        return forSupport('The server refused this.');
    }
  }
  if (error instanceof RapportTimeoutError) return { text: 'The server is still working on it: look again on the Background requests page in a while.', detail: null };
  if (error instanceof DOMException && error.name === 'AbortError') return { text: 'Cancelled; nothing was changed.', detail: null };
  if (error instanceof TypeError) return { text: 'The server could not be reached: check the connection (and that the server runs), then try again.', detail: null };
  if (error instanceof Error) return { text: error.message, detail: null };
  return { text: String(error), detail: null };
}

/** The lead sentence for any error (explain().text). */
export function messageOf(error: unknown): string {
  return explain(error).text;
}

/** The words for an error shown under the field it names: its rule only (the label is above it). */
export function explainForField(error: unknown): Explained {
  if (error instanceof FieldProblem) return { text: error.message, detail: null };
  const named = fieldOf(error);
  if (!named) return explain(error);
  return { text: ruleInWords(named.rule), detail: null };
}

export const isForbidden = (error: unknown): boolean => error instanceof RapportError && error.status === 403;
/** A write refused to a read-only key: the key is still good for reading, so it stays signed in. */
export const isReadOnlyRefusal = (error: unknown): boolean => isForbidden(error) && READ_ONLY_MESSAGE.test((error as RapportError).message);
/** Refused to this person's role (T1): the session holds, the role may have changed meanwhile. */
export const isRoleRefusal = (error: unknown): boolean => isForbidden(error) && ROLE_MESSAGE.test((error as RapportError).message);
/** Refused to this role, or for the CSRF rule: the session is still good, so it stays signed in. */
const isStillSignedIn = (error: unknown): boolean => isForbidden(error) && (ROLE_MESSAGE.test((error as RapportError).message) || CSRF_MESSAGE.test((error as RapportError).message));
/** A key the API no longer accepts (unknown or revoked), or a session that ended: the console signs out. */
export const isKeyRefused = (error: unknown): boolean => isForbidden(error) && !isReadOnlyRefusal(error) && !isStillSignedIn(error);
export const isNotFound = (error: unknown): boolean => error instanceof RapportError && error.status === 404;
