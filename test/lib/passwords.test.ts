import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hashPassword, verifyPassword } from '../../src/lib/passwords.js';

describe('password hashes', () => {
  it('stores scrypt with its parameters and a fresh salt, and verifies only the right password', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    assert.match(a, /^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    assert.notEqual(a, b);
    assert.ok(!a.includes('correct'));
    assert.equal(await verifyPassword('correct horse battery', a), true);
    assert.equal(await verifyPassword('correct horse batterY', a), false);
    assert.equal(await verifyPassword('', a), false);
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const stored = await hashPassword('contrase\u00f1a segura');
    assert.equal(await verifyPassword('contrasen\u0303a segura', stored), true);
  });

  it('answers false for a missing or malformed hash, after the same work as a wrong password', async () => {
    const stored = await hashPassword('some password');
    const time = async (f: () => Promise<boolean>) => {
      const start = performance.now();
      assert.equal(await f(), false);
      return performance.now() - start;
    };
    await verifyPassword('warm', null);
    const wrong = await time(() => verifyPassword('other password', stored));
    const missing = await time(() => verifyPassword('other password', null));
    assert.equal(await verifyPassword('x', 'scrypt$0$8$1$AA$AA'), false);
    assert.equal(await verifyPassword('x', 'bcrypt$whatever'), false);
    // The decoy runs scrypt with the same parameters: not a hundredth of the time.
    assert.ok(missing > wrong / 4, `missing ${missing} ms vs wrong ${wrong} ms`);
  });
});
