import { decodeRecipient, encodeRecipient, widgetShareQuerySchema } from './widget';

describe('share recipient in base64', () => {
  it.each([
    ['grandma@example.com', 'Z3JhbmRtYUBleGFtcGxlLmNvbQ=='],
    ['jürgen@beispiel.de', 'asO8cmdlbkBiZWlzcGllbC5kZQ=='],
  ])('%s ⇄ %s', (email, base64) => {
    expect(encodeRecipient(email)).toBe(base64);
    expect(decodeRecipient(base64)).toBe(email);
  });

  it('reads the URL-safe alphabet, missing padding and a + that became a space', () => {
    // 'a~~@example.com' encodes with a '+'.
    expect(encodeRecipient('a~~@example.com')).toBe('YX5+QGV4YW1wbGUuY29t');
    expect(decodeRecipient('YX5 QGV4YW1wbGUuY29t')).toBe('a~~@example.com');
    expect(decodeRecipient('YX5-QGV4YW1wbGUuY29t')).toBe('a~~@example.com');
    expect(decodeRecipient('Z3JhbmRtYUBleGFtcGxlLmNvbQ')).toBe('grandma@example.com');
  });

  it.each(['', '***', 'Zg=x', '/w=='])('refuses %j (not base64 of UTF-8 text)', (value) => {
    expect(decodeRecipient(value)).toBeNull();
  });

  it('accepts only a base64-encoded address as toEmailAddress', () => {
    const query = { vendorId: 'Photobox', fromName: 'Alex' };
    expect(
      widgetShareQuerySchema.safeParse({ ...query, toEmailAddress: encodeRecipient('a@b.co') })
        .success,
    ).toBe(true);
    for (const toEmailAddress of ['a@b.co', encodeRecipient('not an address'), 'Zg==']) {
      const result = widgetShareQuerySchema.safeParse({ ...query, toEmailAddress });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['toEmailAddress']);
    }
  });
});
