// A webhook receiver for the webhooks bench: answers every POST 200 at once and counts it; GET
// answers {received, unique} (unique by webhook-id). PORT: a given port (a receiver coming back
// where it was down), else any free one. Plain node:http, so the receiver costs as little as it can.
import http from 'node:http';

let received = 0;
const ids = new Set<string>();
const server = http.createServer((request, response) => {
  if (request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ received, unique: ids.size }));
    return;
  }
  request.resume();
  request.on('end', () => {
    received++;
    ids.add(String(request.headers['webhook-id']));
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('ok');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`LISTENING http://127.0.0.1:${address.port}\n`);
});
// Nothing to finish: a delivery cut here is one the bench no longer counts.
process.once('SIGTERM', () => process.exit(0));
