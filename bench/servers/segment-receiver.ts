// A webhook receiver for the live segments bench (bench/segments-live.ts): answers every POST 200 at
// once and notes, for each segment.entered / segment.exited message, when it arrived (Date.now(),
// the same clock as the bench's) by segment and customer (service_uid). GET /?segment=ID answers
// {received, byType, duplicates, entered: {service_uid: arrival ms}} (the first arrival of each).
// Plain node:http, so the receiver costs as little as it can.
import http from 'node:http';

let received = 0;
let duplicates = 0;
const byType: Record<string, number> = {};
const ids = new Set<string>();
/** segment id → service_uid → first arrival of its segment.entered (ms since the epoch). */
const entered = new Map<number, Map<string, number>>();

const server = http.createServer((request, response) => {
  if (request.method === 'GET') {
    const segment = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('segment'));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ received, byType, duplicates, entered: Object.fromEntries(entered.get(segment) ?? []) }));
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const at = Date.now();
    received++;
    const id = String(request.headers['webhook-id']);
    if (ids.has(id)) duplicates++;
    ids.add(id);
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { type: string; data: { segment: { id: number }; user: { service_uid: string | null } } };
      byType[body.type] = (byType[body.type] ?? 0) + 1;
      if (body.type === 'segment.entered') {
        let users = entered.get(body.data.segment.id);
        if (!users) entered.set(body.data.segment.id, (users = new Map()));
        const uid = String(body.data.user.service_uid);
        if (!users.has(uid)) users.set(uid, at);
      }
    } catch {
      byType.unparsed = (byType.unparsed ?? 0) + 1;
    }
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('ok');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`LISTENING http://127.0.0.1:${address.port}\n`);
});
process.once('SIGTERM', () => process.exit(0));
