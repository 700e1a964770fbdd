import { parse as parseQueryString } from 'node:querystring';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError, invalidField } from '../lib/errors.js';
import { answering } from './metrics.js';
import type { Admit } from './overload.js';
import { checkJsonText, jsonNestedDeeperThan, MAX_JSON_DEPTH, normaliseBody, rejectNulCharacters } from './validation.js';

/**
 * What every request passes through before its handler: admission (O5), the request id header
 * (O7), the 503 of a server shutting down (O3), the JSON and form parsers, body normalisation on
 * the routes that take a body, and the refusal of U+0000 (O4).
 */
export async function registerRequestPipeline(app: FastifyInstance, { admit }: { admit: Admit }): Promise<void> {
  // O3: once shutdown starts, requests still arriving on open connections get the envelope 503.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // The hooks every request runs are callback hooks, not async ones: their work is synchronous, and
  // an async hook costs a promise and a turn of the microtask queue per request (measured on the
  // hot path). Each hook and each stage with a hook costs its runner, so the root has this one
  // onRequest hook: load shedding for requests that did not pass the server (app.inject), the
  // request kept for the metrics, and the request id header (O7) set once, rather than in an onSend
  // hook: headers set now stay on every answer, errors included (frameworkErrors, whose replies run
  // no onRequest hook, sets it itself).
  app.addHook('onRequest', (request, reply, done) => {
    if (!admit(request, reply)) return;
    answering(reply, request);
    reply.header('x-request-id', request.id);
    if (closing) return done(new AppError(503, 'service_unavailable', 'the server is shutting down; retry shortly', { 'retry-after': '5' }));
    done();
  });

  // Clients send Content-Type: application/json on bodiless requests too (DELETE /categories/bulk):
  // an empty JSON body is "no body", not an error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    const refused = checkJsonText(request, body as string); // O4: nesting limit, before parsing
    if (refused) return done(refused, undefined);
    parseJson(request, body as string, done);
  });
  app.removeContentTypeParser('text/plain');
  // `curl -d '{…}'` without a Content-Type sends JSON labelled as a form, and the platform's
  // documentation shows exactly that (its POST /purchases example): a "form" whose text starts with
  // `{` or `[` is read as the JSON it is (a real form's first key cannot start so unencoded). Form
  // coercion (normaliseBody) still applies to it, which only turns "24" into 24 where a number is declared.
  await app.register(formbody, { parser: (text: string) => (JSON_SENT_AS_FORM.test(text) ? jsonSentAsForm(text) : parseQueryString(text)) });
  // Body normalisation only on routes that take a body: Fastify reads no body for GET and HEAD, so
  // there it would have nothing to do but still cost a hook stage per request.
  const normalise = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    normaliseBody(request);
    done();
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) return;
    const existing = route.preValidation;
    route.preValidation = existing === undefined ? [normalise] : [normalise, ...(Array.isArray(existing) ? existing : [existing])];
  });
  app.addHook('preHandler', (request, _reply, done) => {
    try {
      rejectNulCharacters(request);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}

const JSON_SENT_AS_FORM = /^\s*[[{]/;

/** A form body that is JSON text: parsed as the JSON parser would, with the same limits (O4). */
function jsonSentAsForm(text: string): Record<string, unknown> {
  if (jsonNestedDeeperThan(text, MAX_JSON_DEPTH)) throw invalidField('body', `must not nest arrays and objects deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text, (key, value: unknown) => (key === '__proto__' || key === 'constructor' ? undefined : value)) as Record<string, unknown>;
  } catch {
    throw invalidField('body', 'must be valid JSON (sent as a form, it starts like JSON)');
  }
}

