import { convert } from 'html-to-text';
import { Liquid, type Template, filters } from 'liquidjs';
import { invalidField } from '../../lib/errors.js';

// M3: templates. Liquid (LiquidJS) for subject, preheader, body and text; MJML compiled once, at
// save. Rendering is sandboxed: no file system (every tag that reads one is refused at parse, and
// the engine's fs reads nothing), only a context's own properties (no prototype walks), and limits
// on the template's size, a render's time and the memory its output may take, so a template can
// neither read the server's files nor hang or fill the process.

/** The largest template LiquidJS parses (characters). */
const PARSE_LIMIT = 1_000_000;
/** Milliseconds one render may take. */
const RENDER_LIMIT_MS = 500;
/** Characters of strings and arrays one render may allocate (filters, loops). */
const MEMORY_LIMIT = 10_000_000;

const noFiles = {
  readFileSync: () => {
    throw new Error('templates read no files');
  },
  readFile: async () => {
    throw new Error('templates read no files');
  },
  existsSync: () => false,
  exists: async () => false,
  contains: async () => false,
  resolve: () => '',
  fallback: () => undefined,
  dirname: () => '',
  sep: '/',
};

const engine = new Liquid({
  fs: noFiles,
  root: [],
  partials: [],
  layouts: [],
  relativeReference: false,
  dynamicPartials: false,
  ownPropertyOnly: true,
  strictFilters: true,
  strictVariables: false,
  cache: false,
  parseLimit: PARSE_LIMIT,
  renderLimit: RENDER_LIMIT_MS,
  memoryLimit: MEMORY_LIMIT,
  // Dates are formatted in UTC, the time every stored date and time is in, whatever TZ the process runs in.
  timezoneOffset: 0,
});
/** A stored date (`1990-05-17`) or time without an offset (`2024-03-01 10:00:00`): UTC. */
const STORED_TIME = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;
engine.registerFilter('date', function (this: unknown, value: unknown, ...args: unknown[]) {
  // JavaScript reads a time without an offset as local time: a birthdate would show as the day before west of UTC.
  const utc = typeof value === 'string' && STORED_TIME.test(value.trim()) ? new Date(`${value.trim().replace(' ', 'T')}${value.trim().length === 10 ? '' : 'Z'}`) : value;
  return (filters.date as (...all: unknown[]) => unknown).call(this, utc, ...args);
});
for (const tag of ['include', 'render', 'layout', 'block']) {
  engine.registerTag(tag, {
    parse() {
      throw new Error(`the tag "${tag}" is not available: templates read no files`);
    },
    render: () => '',
  });
}

/** Parses one field's template; a 400 naming the field, line and column when it does not parse. */
export function parseTemplate(field: string, source: string): Template[] {
  try {
    return engine.parse(source);
  } catch (error) {
    throw invalidField(field, `does not parse as a Liquid template: ${describe(error)}`);
  }
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /, line:(\d+), col:(\d+)/.exec(message);
  const reason = message.replace(/, line:\d+, col:\d+[\s\S]*$/, '').split('\n')[0]!;
  if (position) return `line ${position[1]}, column ${position[2]}: ${reason}`;
  const token = (error as { token?: { getPosition?: () => [number, number] } }).token;
  const at = token?.getPosition?.();
  return at ? `line ${at[0]}, column ${at[1]}: ${reason}` : reason;
}

/** Renders parsed templates; unknown variables render empty. Over a limit: a 400 naming the field. */
export function render(field: string, templates: Template[], scope: object): string {
  try {
    return engine.renderSync(templates, scope) as string;
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    throw invalidField(field, `does not render: ${message}`);
  }
}

/** M3: MJML compiled to responsive HTML at save; a 400 naming the field and line when it does not compile. */
export async function compileMjml(source: string): Promise<string> {
  const { default: mjml2html } = await import('mjml');
  try {
    // ignoreIncludes: mj-include would read files of the server.
    const result = await mjml2html(source, { validationLevel: 'strict', ignoreIncludes: true } as never);
    return result.html;
  } catch (error) {
    const first = (error as { errors?: Array<{ line?: number; message: string }> }).errors?.[0];
    if (first) throw invalidField('body', `does not compile as MJML: line ${first.line ?? 1}: ${first.message}`);
    throw invalidField('body', `does not compile as MJML: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** M8: the link targets a click may be redirected to: the absolute http(s) URLs of the body's href attributes, in order, once each. */
export function linksOf(html: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    const target = (match[1] ?? match[2] ?? '').trim();
    if (/^https?:\/\//i.test(target) && !target.includes('{{') && !target.includes('{%') && !links.includes(target)) links.push(target);
  }
  return links;
}

/** M3: the plain part of an HTML template when none is given (Liquid markup is text and survives). */
export function textOf(html: string): string {
  // Headings and table headers keep their case: upper-casing would turn {{ customer.first_name }}
  // into a variable that does not exist.
  const keepCase = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } }));
  return convert(html, {
    wordwrap: false,
    selectors: [{ selector: 'img', format: 'skip' }, { selector: 'table', options: { uppercaseHeaderCells: false } }, ...keepCase],
  });
}

const UNSUBSCRIBE = /\bunsubscribe_url\b/;

/** M3: a body that does not show the unsubscribe link gets a footer with it. */
export function withUnsubscribeFooter(html: string): string {
  if (UNSUBSCRIBE.test(html)) return html;
  const footer =
    '<p style="font-size:12px;color:#666;text-align:center;margin:24px 0 0">' +
    'You receive this e-mail from {{ account.name }}. <a href="{{ unsubscribe_url }}">Unsubscribe</a></p>';
  const end = html.search(/<\/body\s*>/i);
  return end === -1 ? html + footer : html.slice(0, end) + footer + html.slice(end);
}

export function withUnsubscribeLine(text: string): string {
  return UNSUBSCRIBE.test(text) ? text : `${text.trimEnd()}\n\n--\nUnsubscribe: {{ unsubscribe_url }}\n`;
}

/** The placeholder of the n-th link while clicks are tracked, replaced after rendering by its redirect. */
export function clickPlaceholder(n: number): string {
  return `rapport-click:${n}:`;
}

/** The body with each tracked link's href replaced by its placeholder. */
export function withTrackedLinks(html: string, links: readonly string[]): string {
  if (links.length === 0) return html;
  return html.replace(/\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi, (whole, double?: string, single?: string) => {
    const n = links.indexOf((double ?? single ?? '').trim());
    return n === -1 ? whole : `href="${clickPlaceholder(n)}"`;
  });
}
