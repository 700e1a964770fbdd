import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { MailingsService } from './service.js';

// M8: the routes for the people who receive mail, outside /apiv3 and without a key, at PUBLIC_URL.
// Small HTML pages that work on a phone without JavaScript; a GET changes nothing but the first
// open or click (mail scanners follow links: an unsubscription needs the page's POST, or RFC 8058's
// one-click POST). A token that does not verify answers 404, like one of an erased recipient.

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
const ClickParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), n: Type.Integer({ minimum: 0, maximum: 10_000 }) });

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#222}
button{font-size:1.1rem;padding:.8rem 1.4rem;border:0;border-radius:.4rem;background:#1f4fd1;color:#fff;width:100%}</style>
</head><body>${content}</body></html>`;
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex')
    .send(body);
}

const notFoundPage = page('Link not valid', '<h1>This link is not valid</h1><p>It may have been changed, or the message it came from was deleted.</p>');

export async function mailingPublicRoutes(app: FastifyInstance, { mailings }: { mailings: MailingsService }): Promise<void> {
  const hide = { hide: true };

  app.get<{ Params: { token: string } }>('/m/u/:token', { schema: { ...hide, params: TokenParams } }, async (request, reply) => {
    const found = await mailings.recipientOf(request.params.token, 'u');
    if (!found) return html(reply, 404, notFoundPage);
    return html(
      reply,
      200,
      page(
        'Unsubscribe',
        `<h1>Unsubscribe</h1><p>Stop receiving these e-mails${found.recipient.email ? ` at <strong>${escape(found.recipient.email)}</strong>` : ''}?</p>
<form method="post" action="${escape(request.params.token)}"><button type="submit">Unsubscribe</button></form>`,
      ),
    );
  });

  // The page's form and RFC 8058's one-click body (List-Unsubscribe=One-Click) alike; any body is ignored.
  app.post<{ Params: { token: string } }>('/m/u/:token', { schema: { ...hide, params: TokenParams } }, async (request, reply) => {
    if (!(await mailings.unsubscribe(request.params.token))) return html(reply, 404, notFoundPage);
    return html(reply, 200, page('Unsubscribed', '<h1>You are unsubscribed</h1><p>You will not receive these e-mails any more.</p>'));
  });

  app.get<{ Params: { token: string } }>('/m/o/:token', { schema: { ...hide, params: TokenParams } }, async (request, reply) => {
    if (!(await mailings.open(request.params.token))) return html(reply, 404, notFoundPage);
    return reply.code(200).header('content-type', 'image/gif').header('cache-control', 'no-store').send(PIXEL);
  });

  app.get<{ Params: { token: string; n: number } }>('/m/c/:token/:n', { schema: { ...hide, params: ClickParams } }, async (request, reply) => {
    const target = await mailings.click(request.params.token, request.params.n);
    if (target === undefined) return html(reply, 404, notFoundPage);
    return reply.code(302).header('location', target).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send();
  });

  app.get<{ Params: { token: string } }>('/m/v/:token', { schema: { ...hide, params: TokenParams } }, async (request, reply) => {
    const message = await mailings.view(request.params.token);
    if (message === undefined) return html(reply, 404, notFoundPage);
    return html(reply, 200, message);
  });
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapes[c]!);
}
