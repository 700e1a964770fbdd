import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_MESSAGE, type ConsoleSite, SESSION_COOKIE, WRITE_METHODS, passesCsrf, sessionToken } from '../../http/auth.js';
import { Type } from 'typebox';
import { Envelope, ErrorResponse, ok } from '../../http/envelope.js';
import { ForbiddenError } from '../../lib/errors.js';
import { PasswordBody, ResetBody, SessionAnswer, SignInBody } from './schemas.js';
import { type CallContext, type PeopleService, SESSION_MAX_MS } from './service.js';

// T1–T2: the console's own JSON routes, outside /apiv3 and its keys: sign in, who am I, sign out,
// set a password with a welcome or reset link, ask for a reset link. Every answer is the G4
// envelope; every write needs the CSRF header or the server's own Origin (T3), signed in or not
// (a forged sign-in would put the victim's browser in the attacker's account).

const NO_SESSION = 'no live session: sign in';

function context(request: FastifyRequest): CallContext {
  return { address: request.ip, requestId: String(request.id) };
}

/** The cookie: HttpOnly, SameSite=Strict, Path=/, Secure over https (as Fastify sees it: TRUST_PROXY's X-Forwarded-Proto included). */
function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`);
}

export async function consoleSessionRoutes(scope: FastifyInstance, { people, site }: { people: PeopleService; site: ConsoleSite }): Promise<void> {
  scope.addHook('onRequest', (request, _reply, done) => {
    if (WRITE_METHODS.has(request.method) && !passesCsrf(request, site)) return done(new ForbiddenError(CSRF_MESSAGE));
    done();
  });
  // The answers carry who is signed in: never kept by a cache.
  scope.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const schema = { hide: true, tags: ['console'] };

  app.post(
    '/console/session',
    {
      schema: {
        ...schema,
        summary: 'Sign in with e-mail and password: sets the session cookie',
        body: SignInBody,
        response: { 200: Envelope(SessionAnswer), 400: ErrorResponse('several accounts and no account id'), 403: ErrorResponse('wrong e-mail or password'), 429: ErrorResponse('too many failures') },
      },
    },
    async (request, reply) => {
      const { token, answer } = await people.signIn(request.body, context(request));
      setSessionCookie(request, reply, token, SESSION_MAX_MS / 1000);
      return ok(reply, answer);
    },
  );

  app.get(
    '/console/session',
    { schema: { ...schema, summary: 'Who is signed in', response: { 200: Envelope(SessionAnswer), 403: ErrorResponse(NO_SESSION) } } },
    async (request, reply) => {
      const token = sessionToken(request);
      const holder = token === undefined ? undefined : await people.identify(token);
      if (!holder) throw new ForbiddenError(NO_SESSION);
      return ok(reply, await people.answer(holder.accountId, holder.email, holder.role));
    },
  );

  app.delete('/console/session', { schema: { ...schema, summary: 'Sign out: ends this session everywhere' } }, async (request, reply) => {
    const token = sessionToken(request);
    const holder = token === undefined ? undefined : await people.identify(token);
    if (holder) await people.signOut(holder);
    setSessionCookie(request, reply, '', 0);
    return reply.code(204).send(null);
  });

  app.put(
    '/console/password',
    {
      schema: {
        ...schema,
        summary: "Set a password with a welcome or reset link's token; signs the person in",
        body: PasswordBody,
        response: { 204: Type.Null({ description: 'Password set; the session cookie is set' }), 400: ErrorResponse('the link no longer works, or the password breaks its rule') },
      },
    },
    async (request, reply) => {
      const { token } = await people.setPassword(request.body.token, request.body.password, context(request));
      setSessionCookie(request, reply, token, SESSION_MAX_MS / 1000);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/console/password/reset',
    {
      schema: {
        ...schema,
        summary: 'E-mail a reset link (when SMTP is configured) to the person with this e-mail; answers 204 whether or not there is one',
        body: ResetBody,
        response: { 204: Type.Null({ description: 'Sent when there is such a person and SMTP is configured' }), 400: ErrorResponse('email not a valid address'), 429: ErrorResponse('too many requests for this e-mail or address') },
      },
    },
    async (request, reply) => {
      await people.requestReset(request.body.email, context(request));
      return reply.code(204).send(null);
    },
  );
}
