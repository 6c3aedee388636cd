import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../src/auth/passwords.ts';

describe('passwords', () => {
  it('hashes with a fresh salt and verifies', async () => {
    const a = await hashPassword('demo1234');
    const b = await hashPassword('demo1234');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('demo1234', a)).toBe(true);
    expect(await verifyPassword('demo12345', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('rejects malformed stored hashes', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1$2$3')).toBe(false);
  });

  it('the dummy check is always false', async () => {
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });
});
