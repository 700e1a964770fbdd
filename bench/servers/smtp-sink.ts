// The SMTP sink of the mailings bench: a real SMTP receiver (smtp-server) that accepts every
// message, keeps nothing of it but its recipients, and counts: messages, distinct recipients,
// recipients received more than once (duplicates), and when the first and the last were accepted
// (Date.now(), the bench's own clock on the same machine). GET / on its HTTP side answers
// {smtp_port, received, unique, duplicates, first_at, last_at}; POST /reset forgets everything.
// In its own process so that accepting mail costs the Rapport process nothing.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

let received = 0;
let duplicates = 0;
let firstAt: number | null = null;
let lastAt: number | null = null;
const seen = new Set<string>();

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  // The pool keeps its connections open; the default of 100 per server is enough, but idle ones must not be cut.
  socketTimeout: 120_000,
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      const now = Date.now();
      received += 1;
      firstAt ??= now;
      lastAt = now;
      for (const rcpt of session.envelope.rcptTo) {
        const address = rcpt.address.toLowerCase();
        if (seen.has(address)) duplicates += 1;
        else seen.add(address);
      }
      callback();
    });
  },
});

// A client killed mid-message (the crash part's kill -9) resets its connection: not the sink's failure.
smtp.on('error', () => {});

const control = http.createServer((request, response) => {
  if (request.method === 'POST') {
    received = 0;
    duplicates = 0;
    firstAt = null;
    lastAt = null;
    seen.clear();
  }
  request.resume();
  const address = smtp.server.address();
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      smtp_port: address && typeof address === 'object' ? address.port : null,
      received,
      unique: seen.size,
      duplicates,
      first_at: firstAt,
      last_at: lastAt,
    }),
  );
});

smtp.listen(0, '127.0.0.1', () => {
  control.listen(0, '127.0.0.1', () => {
    const address = control.address();
    if (address && typeof address === 'object') process.stdout.write(`LISTENING http://127.0.0.1:${address.port}\n`);
  });
});
process.once('SIGTERM', () => process.exit(0));
