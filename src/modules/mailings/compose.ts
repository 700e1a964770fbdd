import type { Template } from 'liquidjs';
import type { MailingRow } from './repository.js';
import { clickPlaceholder, linksOf, parseTemplate, render, textOf, withTrackedLinks, withUnsubscribeFooter, withUnsubscribeLine } from './template.js';

// A mailing's templates parsed once (per version of the mailing) and rendered per recipient (M3).

export interface PreparedMailing {
  id: number;
  accountId: number;
  name: string;
  version: string;
  subject: Template[];
  preheader: Template[];
  html: Template[];
  text: Template[];
  links: readonly string[];
  trackOpens: boolean;
  trackClicks: boolean;
  fromName: string | null;
  fromEmail: string;
  replyTo: string | null;
}

/** The addresses one recipient's message links to (M8's public routes). */
export interface MessageLinks {
  unsubscribe: string;
  view: string;
  /** With tracking.opens: the 1×1 GIF. */
  open?: string;
  /** With tracking.clicks: the redirect of the n-th link. */
  click?: (n: number) => string;
}

export interface RenderedMessage {
  subject: string;
  preheader: string;
  html: string;
  text: string;
}

/** The plain part's source: as given, or the HTML as text (its Liquid markup survives as text). */
export function textSource(row: Pick<MailingRow, 'text' | 'html'>): string {
  return row.text ?? textOf(row.html);
}

/** Parses a mailing's templates (each a 400 naming its field when it does not). */
export function prepare(row: MailingRow): PreparedMailing {
  const links = JSON.parse(row.links) as string[];
  const trackClicks = Boolean(row.track_clicks);
  const html = withUnsubscribeFooter(trackClicks ? withTrackedLinks(row.html, links) : row.html);
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    name: row.name,
    version: row.updatetime,
    subject: parseTemplate('subject', row.subject),
    preheader: parseTemplate('preheader', row.preheader ?? ''),
    html: parseTemplate('body', html),
    text: parseTemplate('text', withUnsubscribeLine(textSource(row))),
    links,
    trackOpens: Boolean(row.track_opens),
    trackClicks,
    fromName: row.from_name,
    fromEmail: row.from_email,
    replyTo: row.reply_to,
  };
}

/** Checks every template of a mailing about to be saved (the 400s of M3), with the compiled body. */
export function checkTemplates(fields: { subject: string; preheader: string | null; html: string; text: string | null }): void {
  parseTemplate('subject', fields.subject);
  parseTemplate('preheader', fields.preheader ?? '');
  parseTemplate('body', fields.html);
  if (fields.text !== null) parseTemplate('text', fields.text);
}

export { linksOf };

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapes[c]!);
}

/** One recipient's message: `scope` holds `customer` and `account`; the links are added here. */
export function renderMessage(prepared: PreparedMailing, scope: { customer: object; account: { name: string } }, links: MessageLinks): RenderedMessage {
  const context = {
    ...scope,
    mailing: { id: prepared.id, name: prepared.name },
    unsubscribe_url: links.unsubscribe,
    view_in_browser_url: links.view,
  };
  const subject = render('subject', prepared.subject, context).replace(/[\r\n]+/g, ' ').trim();
  const preheader = render('preheader', prepared.preheader, context).trim();
  let html = render('body', prepared.html, context);
  if (links.click) {
    const click = links.click;
    html = html.replace(/rapport-click:(\d+):/g, (_m, n: string) => click(Number(n)));
  }
  if (preheader !== '') {
    const hidden = `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(preheader)}</div>`;
    html = insertAfterBodyStart(html, hidden);
  }
  if (links.open) html = insertBeforeBodyEnd(html, `<img src="${links.open}" width="1" height="1" alt="" style="display:block;border:0">`);
  const text = render('text', prepared.text, context);
  return { subject, preheader, html, text };
}

function insertAfterBodyStart(html: string, part: string): string {
  const match = /<body[^>]*>/i.exec(html);
  return match ? html.slice(0, match.index + match[0].length) + part + html.slice(match.index + match[0].length) : part + html;
}

function insertBeforeBodyEnd(html: string, part: string): string {
  const end = html.search(/<\/body\s*>/i);
  return end === -1 ? html + part : html.slice(0, end) + part + html.slice(end);
}

/** Placeholders exist only while clicks are tracked; exported for tests of the body. */
export { clickPlaceholder };
