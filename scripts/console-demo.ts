import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../bench/lib/ports.js';
import { type RapportClient, createRapportClient, encodeUserRef } from '../packages/sdk/src/index.js';

// Realistic demo data for the console's screenshots and its first-page bench, written through the
// public API (the SDK) as a shop's integration would: customers with tags and points, a catalogue
// with a category tree and branches, a month of purchases, events, benefits, carts, family members,
// integration runs and a blacklist. Deterministic: the same names and figures on each run.

export interface DemoOptions {
  customers?: number;
  purchases?: number;
  /** "Today" for the dates written (default: now). */
  now?: Date;
}

export interface DemoData {
  /** The customer the screenshots open: userapp_id. */
  featuredCustomer: number;
  customers: number;
  purchases: number;
}

const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elena', 'Facundo', 'Gabriela', 'Hernán', 'Inés', 'Joaquín', 'Lucía', 'Martín', 'Nora', 'Pablo', 'Rocío', 'Santiago', 'Valentina', 'Tomás'];
const LAST = ['García', 'Fernández', 'López', 'Martínez', 'Romero', 'Sosa', 'Álvarez', 'Torres', 'Ruiz', 'Díaz', 'Acosta', 'Benítez'];
const CITIES = ['Buenos Aires', 'Córdoba', 'Rosario', 'Mendoza', 'La Plata', 'Mar del Plata'];
const TAGS = ['vip', 'newsletter', 'wholesale', 'returning', 'app-user', 'black-friday'];

const CATEGORIES: { code: string; name: string; parent_code?: string }[] = [
  { code: 'footwear', name: 'Footwear' },
  { code: 'running', name: 'Running shoes', parent_code: 'footwear' },
  { code: 'trail', name: 'Trail shoes', parent_code: 'footwear' },
  { code: 'apparel', name: 'Apparel' },
  { code: 'jackets', name: 'Jackets', parent_code: 'apparel' },
  { code: 'tees', name: 'T-shirts', parent_code: 'apparel' },
  { code: 'accessories', name: 'Accessories' },
  { code: 'bags', name: 'Bags', parent_code: 'accessories' },
];

const PRODUCTS: { sku: string; name: string; brand: string; price: number; category: string }[] = [
  { sku: 'RUN-100', name: 'Aero 3 running shoe', brand: 'Stride', price: 129, category: 'running' },
  { sku: 'RUN-200', name: 'Pace Lite running shoe', brand: 'Stride', price: 99, category: 'running' },
  { sku: 'TRL-100', name: 'Summit trail shoe', brand: 'Andes', price: 149, category: 'trail' },
  { sku: 'TRL-150', name: 'Ridge GTX trail shoe', brand: 'Andes', price: 179, category: 'trail' },
  { sku: 'JKT-010', name: 'Windbreaker jacket', brand: 'Pampa', price: 89, category: 'jackets' },
  { sku: 'JKT-020', name: 'Down jacket', brand: 'Pampa', price: 199, category: 'jackets' },
  { sku: 'TEE-001', name: 'Merino tee', brand: 'Pampa', price: 45, category: 'tees' },
  { sku: 'TEE-002', name: 'Tech tee', brand: 'Stride', price: 29, category: 'tees' },
  { sku: 'BAG-030', name: 'Day pack 30 l', brand: 'Andes', price: 75, category: 'bags' },
  { sku: 'BAG-012', name: 'Waist bag', brand: 'Stride', price: 25, category: 'bags' },
];

const BRANCHES = [
  { name: 'Palermo Soho', city: 'Buenos Aires' },
  { name: 'Nueva Córdoba', city: 'Córdoba' },
  { name: 'Online store', city: 'Buenos Aires' },
];

/** A small deterministic generator (mulberry32), so every run writes the same data. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `YYYY-MM-DD hh:mm:ss` in UTC. */
function stamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

export async function seedDemo(api: RapportClient, options: DemoOptions = {}): Promise<DemoData> {
  const customerCount = options.customers ?? 120;
  const purchaseCount = options.purchases ?? 400;
  const now = options.now ?? new Date();
  const rnd = random(20_260_301);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000 - Math.floor(rnd() * 36_000_000));

  await api.POST('/account/custom-attributes', {
    body: { label: 'Loyalty level', field_type: 'select', data_type: 'string', options: [{ value: 'silver', text: 'Silver' }, { value: 'gold', text: 'Gold' }] },
  });
  await api.POST('/account/custom-attributes', { body: { label: 'Favourite sport', field_type: 'text', data_type: 'string' } });
  await api.POST('/account/product-custom-attributes', { body: { label: 'Season', field_type: 'text', data_type: 'string' } });
  await api.POST('/account/purchase-custom-attributes', { body: { label: 'Pick-up store', field_type: 'text', data_type: 'string' } });

  for (const category of CATEGORIES) await api.POST('/categories', { body: category });
  for (const branch of BRANCHES) await api.POST('/branches', { body: { name: branch.name, city: branch.city, country: { code: 'AR' }, is_web: branch.name === 'Online store' } });
  for (const product of PRODUCTS) {
    await api.POST('/products', {
      body: { sku: product.sku, name: product.name, brand: product.brand, price: product.price, stock: 10 + Math.floor(rnd() * 90), available: true, category: [product.category] },
    });
  }

  const customers: { userapp_id: number; service_uid: string }[] = [];
  for (let i = 0; i < customerCount; i += 1) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const serviceUid = `c-${1001 + i}`;
    const user = await api.POST('/users', {
      body: {
        service_uid: serviceUid,
        email: `${first}.${last}.${i}`.toLowerCase().normalize('NFD').replace(/[^a-z0-9.]/g, '') + '@example.com',
        first_name: first,
        last_name: last,
        city: pick(CITIES),
        country: 'Argentina',
        gender: rnd() < 0.5 ? 'F' : 'M',
        birthdate: `${1965 + Math.floor(rnd() * 40)}-0${1 + Math.floor(rnd() * 9)}-1${Math.floor(rnd() * 9)}`,
        tags: TAGS.filter(() => rnd() < 0.25),
        points: Math.floor(rnd() * 40) * 25,
        mailing_enabled: rnd() < 0.8 ? 'enabled' : 'disabled',
        custom_attributes: { loyalty_level: rnd() < 0.3 ? 'gold' : 'silver', favourite_sport: pick(['running', 'trail', 'hiking', 'cycling']) },
      },
    });
    customers.push({ userapp_id: user.userapp_id, service_uid: serviceUid });
  }
  const featured = customers[0]!;
  await api.PUT('/users/{id}', {
    params: { path: { id: encodeUserRef(featured.userapp_id) } },
    body: { first_name: 'Ana', last_name: 'García', email: 'ana.garcia@example.com', tags: ['vip', 'newsletter', 'returning'], notes: 'Prefers pick-up at Palermo Soho.' },
  });
  for (const [concept, points, description] of [
    ['welcome', 200, 'Welcome bonus'],
    ['birthday', 150, 'Birthday gift'],
    ['redeem', -100, 'Free coffee voucher'],
  ] as const) {
    await api.POST('/users/{id}/points', { params: { path: { id: encodeUserRef(featured.userapp_id) } }, body: { concept, points, description } });
  }

  // A month of purchases, more of them on recent days, sent in bulk as connectors do.
  const purchases = Array.from({ length: purchaseCount }, (_, i) => {
    const items = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => {
      const product = pick(PRODUCTS);
      return { sku: product.sku, product_name: product.name, quantity: 1 + Math.floor(rnd() * 2), unit_price: product.price };
    });
    const total = items.reduce((sum, item) => sum + item.quantity * item.unit_price, 0);
    const customer = i < 6 ? featured : pick(customers);
    return {
      invoice_number: `F-0001-${String(10_000 + i).padStart(8, '0')}`,
      service_uid: customer.service_uid,
      branch_name: pick(BRANCHES).name,
      channel: rnd() < 0.4 ? ('web' as const) : ('in-store' as const),
      points: Math.round(total / 10),
      createtime: stamp(daysAgo(Math.floor(Math.sqrt(rnd()) * 30 * rnd() + rnd() * 30) % 30)),
      prices: { gross: total, tax: Math.round(total * 0.21), discount: 0, total: Math.round(total * 1.21) },
      purchase_detail: items,
    };
  });
  for (let at = 0; at < purchases.length; at += 100) {
    const answer = await api.POST('/purchases/bulk', { body: purchases.slice(at, at + 100) });
    if (answer.failed.length > 0) throw new Error(`demo purchases refused: ${JSON.stringify(answer.failed.slice(0, 3))}`);
  }

  for (const name of ['store-visit', 'newsletter-click', 'app-login']) await api.POST('/events', { body: { name } });
  for (let i = 0; i < 150; i += 1) {
    const customer = i < 5 ? featured : pick(customers);
    await api.POST('/user-events', {
      body: { event: pick(['store-visit', 'newsletter-click', 'app-login']), service_uid: customer.service_uid, datetime: stamp(daysAgo(Math.floor(rnd() * 30))), metadata: { source: pick(['web', 'app', 'store']) } },
    });
  }

  const benefits = [
    { title: 'Free coffee', points: 100, stock: 50 },
    { title: '10% off running shoes', points: 300, stock: 200 },
    { title: 'Free shipping', points: 150, stock: 500 },
  ];
  const year = now.getUTCFullYear();
  for (const benefit of benefits) {
    const created = await api.POST('/benefits', { body: { ...benefit, startdate: `${year}-01-01`, enddate: `${year}-12-31`, monthly_redeems: '2' } });
    if (benefit.title === 'Free coffee') {
      await api.POST('/benefits/{benefit_id}/assign', { params: { path: { benefit_id: created.id } }, body: { userapp_id: featured.userapp_id } });
    }
  }

  await api.POST('/users/{id}/abandoned-cart', {
    params: { path: { id: encodeUserRef(featured.userapp_id) } },
    body: {
      external_id: 'Cart-0042',
      source: 'web',
      total_price: 228,
      recovered: false,
      recover_url: 'https://shop.example/cart/0042',
      createtime: stamp(daysAgo(2)),
      products: [{ sku: 'TRL-100', name: 'Summit trail shoe', quantity: 1, price: 149 }],
    },
  });
  await api.POST('/multiusers/members', {
    params: { query: { service_uid: featured.service_uid } },
    body: { uid: 'kid-1', first_name: 'Mateo', last_name: 'García', relationship: 'son', birthdate: '2015-06-02' },
  });

  for (let run = 0; run < 14; run += 1) {
    const created = 5 + Math.floor(rnd() * 40);
    await api.POST('/integration-stats', {
      body: {
        customers: { created, updated: Math.floor(rnd() * 60), failed: run % 5 === 0 ? [{ element: { email: 'bad@' }, message: 'invalid email' }] : [] },
        files_stats: [{ filename: `customers-${run + 1}.csv`, read_lines: created + 20, valid_lines: created + 19 }],
      },
    });
  }

  const unsubscribed = customers.slice(-12).map((_, i) => `unsubscribed${i}@example.com`);
  await api.uploadBlacklist({ file: new Blob([`email\n${unsubscribed.join('\n')}\n`]), blacklist: 'email', type: 'delete-create' });

  return { featuredCustomer: featured.userapp_id, customers: customers.length, purchases: purchases.length };
}

export interface DemoServer {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  key: string;
  api: RapportClient;
  stop(): Promise<void>;
}

/**
 * The server as a person runs it (`rapport serve`, from the sources), in its own process on a free
 * loopback port, on a fresh SQLite file in `dir`, with a known first key. Serves the console build.
 */
export async function serveDemo(dir: string): Promise<DemoServer> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const key = 'rk_console-demo-key-0123456789';
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'src', 'cli.ts'), 'serve'], {
    env: { ...process.env, DATABASE_URL: `sqlite:${join(dir, 'rapport.db')}`, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', BOOTSTRAP_API_KEY: key, WORKER_POLL_MS: '200' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${baseUrl}/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the demo server did not start (exit ${child.exitCode})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseUrl, key, api: createRapportClient({ baseUrl, apiKey: key }), stop };
}
