import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

// The web console (packages/console) is a static single-page application built at install time
// (`prepare` runs `vite build`). It is served here, without a key: the page is public, and every
// API call it makes carries the key the person pasted. Hashed assets are cached for a year; the
// HTML is revalidated on each visit so a rebuilt console is picked up at once. Any path below
// /console/ that is not an asset answers the HTML, and the console's router shows the page.

export const CONSOLE_PREFIX = '/console';

/** Where `vite build` writes the console, from src/http or dist/http alike. */
export const CONSOLE_DIST = fileURLToPath(new URL('../../packages/console/dist/', import.meta.url));

// The page talks only to this server, loads nothing from elsewhere, and cannot be framed.
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; " +
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rapport console not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">
<h1>The console is not built</h1>
<p>This server has no console build in <code>packages/console/dist</code>. <code>npm ci</code> builds it; to build it
again run <code>npm run build -w @rapport/console</code>, then restart the server.</p>
<p>The API itself works: see <a href="/apiv3/docs">/apiv3/docs</a>.</p>
</body></html>
`;

export interface ConsoleOptions {
  /** The console build to serve (default: packages/console/dist). */
  root?: string;
}

/** True when `root` holds a console build. */
export function consoleBuilt(root: string = CONSOLE_DIST): boolean {
  return existsSync(join(root, 'index.html'));
}

/** The line the server prints at start, naming the console's address. */
export function consoleBanner(address: string, root: string = CONSOLE_DIST): string {
  const url = `${address}${CONSOLE_PREFIX}/`;
  return consoleBuilt(root)
    ? `Console: ${url} (sign in with your e-mail and password, or an API key)\n`
    : `Console: ${url} is not built; run npm run build -w @rapport/console, then restart\n`;
}

export async function registerConsole(app: FastifyInstance, options: ConsoleOptions = {}): Promise<void> {
  const root = options.root ?? CONSOLE_DIST;
  const built = consoleBuilt(root);

  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      reply.headers(SECURITY_HEADERS);
    });

    const notBuilt = (reply: FastifyReply) => reply.status(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT);
    if (!built) {
      scope.get(CONSOLE_PREFIX, { schema: { hide: true } }, async (_request, reply) => notBuilt(reply));
      scope.get(`${CONSOLE_PREFIX}/*`, { schema: { hide: true } }, async (_request, reply) => notBuilt(reply));
      return;
    }

    // Content-hashed file names: a changed file is a new name, so an old one never changes.
    await scope.register(fastifyStatic, {
      root: join(root, 'assets'),
      prefix: `${CONSOLE_PREFIX}/assets/`,
      decorateReply: false,
      index: false,
      list: false,
      schemaHide: true,
      preCompressed: true,
      cacheControl: true,
      immutable: true,
      maxAge: '365d',
    });

    // Read on each visit (a few hundred bytes): a rebuild while the server runs is served at once.
    const page = async (_request: unknown, reply: FastifyReply) => {
      const html = await readFile(join(root, 'index.html')).catch(() => null); // removed since the start
      if (!html) return notBuilt(reply);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    };
    scope.get(CONSOLE_PREFIX, { schema: { hide: true } }, page);
    scope.get(`${CONSOLE_PREFIX}/*`, { schema: { hide: true } }, page);
  });
}
