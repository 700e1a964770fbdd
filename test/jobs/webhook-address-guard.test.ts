import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import {
  type Lookup,
  type ResolvedAddress,
  RefusedDestination,
  checkDestination,
  internalClass,
  pinnedLookup,
  resolverLookup,
} from '../../src/jobs/webhooks/address-guard.js';

/** Addresses of each internal class, IPv4 and IPv6 (mapped, NAT64, 6to4 and Teredo forms lead to the IPv4 inside). */
const INTERNAL: Record<string, string[]> = {
  unspecified: ['0.0.0.0', '0.1.2.3', '::', '::ffff:0.0.0.0'],
  loopback: ['127.0.0.1', '127.255.255.254', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '64:ff9b::127.0.0.1', '2002:7f00:1::1', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
  private: ['10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.1.1', '::ffff:10.0.0.1', '2002:c0a8:101::1', '64:ff9b:1::a00:1'],
  'carrier-grade NAT': ['100.64.0.1', '100.127.255.255', '64:ff9b::100.64.0.1'],
  'link-local': ['169.254.1.1', '169.254.255.255', 'fe80::1', 'febf:ffff::1'],
  'cloud metadata': ['169.254.169.254', '100.100.100.200', '168.63.129.16', 'fd00:ec2::254', '::ffff:169.254.169.254'],
  'unique-local': ['fc00::1', 'fd12:3456::1', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  'site-local': ['fec0::1'],
  multicast: ['224.0.0.1', '239.255.255.250', 'ff02::1', 'ff05::1:3', '::ffff:224.0.0.251'],
  broadcast: ['255.255.255.255'],
  reserved: ['240.0.0.1', '254.255.255.255', '192.0.0.8', '192.88.99.1', '::7f00:1', '2001:1::1', '4000::1', '5f00::1'],
  documentation: ['192.0.2.1', '198.51.100.7', '203.0.113.255', '2001:db8::1', '3fff::1'],
  benchmarking: ['198.18.0.1', '198.19.255.255', '2001:2::1'],
  'discard-only': ['100::1'],
};

/** Public addresses, many just outside an internal range. */
const PUBLIC = [
  '93.184.215.14',
  '1.1.1.1',
  '9.255.255.255',
  '11.0.0.0',
  '100.63.255.255',
  '100.128.0.0',
  '126.255.255.255',
  '128.0.0.0',
  '169.253.255.255',
  '169.255.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '192.167.255.255',
  '192.169.0.0',
  '198.17.255.255',
  '198.20.0.0',
  '223.255.255.255',
  '168.63.129.15',
  '2606:4700::1111',
  '2001:4860:4860::8888',
  '2001:db9::1',
  '::ffff:93.184.215.14',
  '64:ff9b::93.184.215.14',
  '2002:5db8:d70e::1',
];

function urlFor(scheme: string, address: string): URL {
  return new URL(`${scheme}://${address.includes(':') ? `[${address}]` : address}:8443/hook`);
}

/** The address as url.hostname writes it (IPv6 compressed, lower case, mapped IPv4 in hex). */
function normalised(address: string): ResolvedAddress {
  const host = urlFor('https', address).hostname.replace(/^\[(.*)\]$/, '$1');
  return { address: host, family: host.includes(':') ? 6 : 4 };
}

async function refusal(attempt: Promise<unknown>): Promise<string> {
  try {
    await attempt;
  } catch (error) {
    assert.ok(error instanceof RefusedDestination, `not a RefusedDestination: ${String(error)}`);
    return error.reason;
  }
  assert.fail('the destination was accepted');
}

const article = (internal: string) => (/^(?:[aeio]|un(?!i))/.test(internal) ? 'an' : 'a');

/** A lookup for tests that give IP literals: it must not be asked. */
const lookupNotExpected: Lookup = async (hostname) => assert.fail(`looked up ${hostname}`);

describe('internalClass', () => {
  for (const [internal, addresses] of Object.entries(INTERNAL)) {
    it(`names ${internal} addresses`, () => {
      for (const address of addresses) assert.equal(internalClass(address), internal, address);
    });
  }

  it('finds public addresses public', () => {
    for (const address of PUBLIC) assert.equal(internalClass(address), null, address);
  });

  it('takes bracketed IPv6 and ignores a zone id', () => {
    assert.equal(internalClass('[::1]'), 'loopback');
    assert.equal(internalClass('fe80::1%eth0'), 'link-local');
    assert.equal(internalClass('::ffff:127.0.0.1%eth0'), 'loopback');
  });

  it('throws on what is not an IP address rather than calling it public', () => {
    assert.throws(() => internalClass('example.com'), TypeError);
    assert.throws(() => internalClass('127.0.0.1/8'), TypeError);
  });
});

describe('checkDestination on IP literals', () => {
  for (const [internal, addresses] of Object.entries(INTERNAL)) {
    it(`refuses ${internal} addresses without allowPrivate, over https and http`, async () => {
      for (const address of addresses) {
        const { address: host } = normalised(address);
        for (const scheme of ['https', 'http']) {
          const reason = await refusal(checkDestination(urlFor(scheme, address), { allowPrivate: false, lookup: lookupNotExpected }));
          assert.equal(reason, `${host} is ${article(internal)} ${internal} address`);
        }
      }
    });

    if (internal === 'cloud metadata') {
      it('refuses cloud metadata addresses even with allowPrivate (they hand out credentials)', async () => {
        for (const address of addresses) {
          for (const scheme of ['http', 'https']) {
            await assert.rejects(checkDestination(urlFor(scheme, address), { allowPrivate: true, lookup: lookupNotExpected }), /cloud metadata address/, `${scheme} ${address}`);
          }
        }
      });
      continue;
    }
    it(`accepts ${internal} addresses over http (and https) with allowPrivate`, async () => {
      for (const address of addresses) {
        for (const scheme of ['http', 'https']) {
          const accepted = await checkDestination(urlFor(scheme, address), { allowPrivate: true, lookup: lookupNotExpected });
          assert.deepEqual(accepted, normalised(address), `${scheme} ${address}`);
        }
      }
    });
  }

  it('accepts public addresses over https, with allowPrivate or without', async () => {
    for (const address of PUBLIC) {
      for (const allowPrivate of [false, true]) {
        const accepted = await checkDestination(urlFor('https', address), { allowPrivate, lookup: lookupNotExpected });
        assert.deepEqual(accepted, normalised(address), address);
      }
    }
  });

  it('refuses public addresses over http, saying to use https://', async () => {
    for (const address of ['93.184.215.14', '2606:4700::1111']) {
      for (const allowPrivate of [false, true]) {
        const reason = await refusal(checkDestination(urlFor('http', address), { allowPrivate, lookup: lookupNotExpected }));
        assert.match(reason, /use https:\/\//);
      }
    }
  });

  it('refuses the IPv4 spellings WHATWG URL turns into 127.0.0.1', async () => {
    for (const spelling of ['http://2130706433/', 'https://0x7f.1/', 'http://0177.0.0.1/', 'http://127.1/', 'http://0x7f000001/', 'http://127.0.0.1./', 'http://[0:0:0:0:0:0:0:1]/']) {
      const url = new URL(spelling);
      assert.match(url.hostname, /^(?:127\.0\.0\.1|\[::1\])$/, spelling);
      const reason = await refusal(checkDestination(url, { allowPrivate: false, lookup: lookupNotExpected }));
      assert.match(reason, /^(?:127\.0\.0\.1|::1) is a loopback address$/, spelling);
    }
  });

  it('refuses schemes other than http: and https:, whatever the address', async () => {
    for (const spelling of ['ftp://93.184.215.14/hook', 'ftp://127.0.0.1/', 'ws://93.184.215.14/', 'file:///etc/passwd', 'gopher://10.0.0.1:70/']) {
      for (const allowPrivate of [false, true]) {
        const reason = await refusal(checkDestination(new URL(spelling), { allowPrivate, lookup: lookupNotExpected }));
        assert.equal(reason, 'only http:// and https:// URLs', spelling);
      }
    }
  });
});

interface Records {
  A?: string[];
  AAAA?: string[];
  /** Answer with this response code instead (2: SERVFAIL). */
  rcode?: number;
}

function ipv6Bytes(address: string): Buffer {
  const [head, tail] = address.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const before = groups(head);
  const after = groups(tail);
  const all = [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
  const bytes = Buffer.alloc(16);
  all.forEach((group, i) => bytes.writeUInt16BE(group, i * 2));
  return bytes;
}

/** A DNS answer from `table` (RFC 1035 section 4): NXDOMAIN for names not in it, no records for types it lacks. */
function dnsAnswer(query: Buffer, table: Record<string, Records>): Buffer {
  let offset = 12;
  const labels: string[] = [];
  while (query[offset] !== 0) {
    const length = query[offset]!;
    labels.push(query.subarray(offset + 1, offset + 1 + length).toString('latin1'));
    offset += 1 + length;
  }
  const type = query.readUInt16BE(offset + 1);
  const question = query.subarray(12, offset + 5);
  const entry = table[labels.join('.').toLowerCase()];
  const rcode = entry ? (entry.rcode ?? 0) : 3;
  const addresses = (rcode === 0 && (type === 1 ? entry?.A : type === 28 ? entry?.AAAA : undefined)) || [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  header.writeUInt16BE(0x8000 | (query.readUInt16BE(2) & 0x7900) | 0x0400 | 0x0080 | rcode, 2); // QR, opcode and RD as asked, AA, RA
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(addresses.length, 6);
  const answers = addresses.map((address) => {
    const data = type === 1 ? Buffer.from(address.split('.').map(Number)) : ipv6Bytes(address);
    const record = Buffer.alloc(12);
    record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    record.writeUInt16BE(type, 2);
    record.writeUInt16BE(1, 4); // IN
    record.writeUInt32BE(60, 6);
    record.writeUInt16BE(data.length, 10);
    return Buffer.concat([record, data]);
  });
  return Buffer.concat([header, question, ...answers]);
}

async function startDnsServer(table: Record<string, Records>): Promise<{ server: dgram.Socket; port: number }> {
  const server = dgram.createSocket('udp4');
  server.on('message', (query, peer) => server.send(dnsAnswer(query, table), peer.port, peer.address));
  await new Promise<void>((resolve) => server.bind(0, '127.0.0.1', resolve));
  return { server, port: server.address().port };
}

describe('checkDestination on host names', () => {
  let dnsServer: dgram.Socket;
  let lookup: Lookup;
  before(async () => {
    const started = await startDnsServer({
      'hooks.example.test': { A: ['93.184.215.14'], AAAA: ['2606:4700::1111'] },
      'internal.test': { A: ['10.0.0.5'] },
      'metadata.test': { A: ['169.254.169.254'] },
      'loopback6.test': { AAAA: ['::1'] },
      'mixed.test': { A: ['93.184.215.14', '192.168.0.10'] },
      'mixed-families.test': { A: ['93.184.215.14'], AAAA: ['fd00::1'] },
      'no-records.test': {},
      'broken.test': { rcode: 2 },
    });
    dnsServer = started.server;
    lookup = resolverLookup([`127.0.0.1:${started.port}`]);
  });
  after(() => dnsServer.close());

  it('resolverLookup answers A then AAAA records from the configured server', async () => {
    assert.deepEqual(await lookup('hooks.example.test'), [
      { address: '93.184.215.14', family: 4 },
      { address: '2606:4700::1111', family: 6 },
    ]);
    assert.deepEqual(await lookup('loopback6.test'), [{ address: '::1', family: 6 }]);
  });

  it('accepts a name resolving to public addresses over https, giving the first address', async () => {
    for (const allowPrivate of [false, true]) {
      const accepted = await checkDestination(new URL('https://hooks.example.test/hook'), { allowPrivate, lookup });
      assert.deepEqual(accepted, { address: '93.184.215.14', family: 4 });
    }
    const reason = await refusal(checkDestination(new URL('http://hooks.example.test/hook'), { allowPrivate: true, lookup }));
    assert.match(reason, /use https:\/\//);
  });

  it('refuses a name resolving to an internal address, naming the address', async () => {
    for (const scheme of ['https', 'http']) {
      assert.equal(
        await refusal(checkDestination(new URL(`${scheme}://internal.test/`), { allowPrivate: false, lookup })),
        'internal.test resolves to 10.0.0.5, which is a private address',
      );
    }
    assert.equal(
      await refusal(checkDestination(new URL('https://metadata.test/'), { allowPrivate: false, lookup })),
      'metadata.test resolves to 169.254.169.254, which is a cloud metadata address',
    );
    assert.equal(
      await refusal(checkDestination(new URL('https://loopback6.test/'), { allowPrivate: false, lookup })),
      'loopback6.test resolves to ::1, which is a loopback address',
    );
  });

  it('accepts a name resolving to an internal address over http with allowPrivate', async () => {
    assert.deepEqual(await checkDestination(new URL('http://internal.test:8080/'), { allowPrivate: true, lookup }), { address: '10.0.0.5', family: 4 });
  });

  it('refuses a name resolving to public and private addresses, in one family or across both', async () => {
    assert.equal(
      await refusal(checkDestination(new URL('https://mixed.test/'), { allowPrivate: false, lookup })),
      'mixed.test resolves to 192.168.0.10, which is a private address',
    );
    assert.equal(
      await refusal(checkDestination(new URL('https://mixed-families.test/'), { allowPrivate: false, lookup })),
      'mixed-families.test resolves to fd00::1, which is a unique-local address',
    );
  });

  it('over http with allowPrivate, connects a mixed name to its internal address, never the public one', async () => {
    assert.deepEqual(await checkDestination(new URL('http://mixed.test/'), { allowPrivate: true, lookup }), { address: '192.168.0.10', family: 4 });
  });

  it('refuses a name that does not resolve (NXDOMAIN, or no A or AAAA record)', async () => {
    for (const allowPrivate of [false, true]) {
      assert.equal(await refusal(checkDestination(new URL('https://missing.test/'), { allowPrivate, lookup })), 'missing.test does not resolve');
      assert.equal(await refusal(checkDestination(new URL('https://no-records.test/'), { allowPrivate, lookup })), 'no-records.test does not resolve');
    }
  });

  it('refuses a name whose lookup fails, saying how', async () => {
    assert.equal(
      await refusal(checkDestination(new URL('https://broken.test/'), { allowPrivate: true, lookup })),
      'broken.test could not be resolved (ESERVFAIL)',
    );
  });

  it('refuses what a lookup answers that is not an address, or nothing at all', async () => {
    const odd: Lookup = async () => [{ address: 'example.com', family: 4 }];
    assert.match(await refusal(checkDestination(new URL('https://odd.test/'), { allowPrivate: true, lookup: odd })), /^odd\.test resolves to "example\.com", not an IP address$/);
    const nothing: Lookup = async () => [];
    assert.equal(await refusal(checkDestination(new URL('https://odd.test/'), { allowPrivate: true, lookup: nothing })), 'odd.test does not resolve');
    const throwing: Lookup = async () => {
      throw new Error('no reason given');
    };
    assert.equal(await refusal(checkDestination(new URL('https://odd.test/'), { allowPrivate: true, lookup: throwing })), 'odd.test does not resolve');
  });

  it('resolves through the system by default: localhost is loopback', async () => {
    const reason = await refusal(checkDestination(new URL('https://localhost/'), { allowPrivate: false }));
    assert.match(reason, /^localhost resolves to (?:127\.0\.0\.1|::1), which is a loopback address$/);
  });
});

describe('pinnedLookup', () => {
  it('answers both ways net asks, and later than the call, as dns.lookup does', async () => {
    const lookup = pinnedLookup({ address: '10.0.0.5', family: 4 });
    const answers: unknown[][] = [];
    lookup('anything.test', { all: true }, (...args) => answers.push(args));
    lookup('anything.test', { family: 0 }, (...args) => answers.push(args));
    assert.equal(answers.length, 0);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(answers, [
      [null, [{ address: '10.0.0.5', family: 4 }]],
      [null, '10.0.0.5', 4],
    ]);
  });

  describe('in a real request', () => {
    let server: http.Server;
    let port: number;
    const received: { host: string | undefined; url: string | undefined; body: string }[] = [];
    let dnsServer: dgram.Socket;
    let lookup: Lookup;
    before(async () => {
      server = http.createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          received.push({ host: request.headers.host, url: request.url, body });
          response.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      const started = await startDnsServer({ 'receiver.test': { A: ['127.0.0.1'] } });
      dnsServer = started.server;
      lookup = resolverLookup([`127.0.0.1:${started.port}`]);
    });
    after(async () => {
      dnsServer.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    function post(url: URL, address: ResolvedAddress, autoSelectFamily: boolean): Promise<{ status: number; asked: unknown[] }> {
      const asked: unknown[] = [];
      const pinned = pinnedLookup(address);
      return new Promise((resolve, reject) => {
        const options: http.RequestOptions & { autoSelectFamily: boolean } = {
          method: 'POST',
          agent: false,
          autoSelectFamily,
          lookup: (hostname, lookupOptions, callback) => {
            asked.push(hostname, lookupOptions.all ?? false);
            pinned(hostname, lookupOptions, callback);
          },
        };
        const request = http.request(url, options, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0, asked }));
        });
        request.on('error', reject);
        request.end('{"type":"webhook.test"}');
      });
    }

    for (const autoSelectFamily of [true, false]) {
      it(`reaches the pinned address with the Host header kept as the name (autoSelectFamily ${autoSelectFamily})`, async () => {
        received.length = 0;
        const url = new URL(`http://receiver.test:${port}/hook?n=1`);
        const answer = await post(url, { address: '127.0.0.1', family: 4 }, autoSelectFamily);
        assert.deepEqual(answer, { status: 204, asked: ['receiver.test', autoSelectFamily] });
        assert.deepEqual(received, [{ host: `receiver.test:${port}`, url: '/hook?n=1', body: '{"type":"webhook.test"}' }]);
      });
    }

    it('connects to the address checkDestination resolved', async () => {
      received.length = 0;
      const url = new URL(`http://receiver.test:${port}/hook`);
      const address = await checkDestination(url, { allowPrivate: true, lookup });
      assert.deepEqual(address, { address: '127.0.0.1', family: 4 });
      assert.equal((await post(url, address, true)).status, 204);
      assert.equal(received[0]?.host, `receiver.test:${port}`);
    });
  });
});
