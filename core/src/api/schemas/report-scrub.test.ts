import { describe, expect, it } from 'vitest';
import { pathWithPlaceholders, scrubReportText } from './report-scrub';

describe('scrubReportText', () => {
  it('removes JWTs, bearer headers and token parameters', () => {
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEiLCJlbWFpbCI6ImFAYi5jbyJ9.c2lnbmF0dXJl';
    const text = scrubReportText(
      `id_token ${jwt}; Authorization: Bearer abc.DEF-123_~+/=; /cb?code=xyz&state=1&access_token=opaque1; {"refresh_token":"r-123"}`,
    );
    expect(text).not.toContain(jwt);
    expect(text).not.toMatch(/abc\.DEF|xyz|opaque1|r-123/);
    expect(text).toContain('Bearer [token]');
    expect(text).toContain('code=[token]');
    expect(text).toContain('"refresh_token":"[token]"');
    expect(text).toContain('state=1');
  });

  it('removes long opaque tokens but keeps UUIDs (correlation ids, ids already hidden elsewhere)', () => {
    const opaque = 'Q2x5ZGVsb3ZlczAxMjM0NTY3ODlhYmNkZWZnaGlqa2xtbm9w';
    const uuid = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    const text = scrubReportText(`token ${opaque} request ${uuid}`);
    expect(text).toBe(`token [token] request ${uuid}`);
  });

  it('removes e-mail addresses', () => {
    expect(scrubReportText('User jane.doe+photos@mail.example.co.uk not found')).toBe(
      'User [email] not found',
    );
  });

  it('removes photo file names and localFileName values', () => {
    const text = scrubReportText(
      'Upload of IMG_2024-01-01.HEIC failed; holiday_photo.jpeg, scan.png; {"localFileName":"Anna at the beach"} filename=Secret',
    );
    expect(text).not.toMatch(/IMG_2024|holiday|scan\.png|Anna|Secret/);
    expect(text).toContain('"localFileName":"[file]"');
    expect(text).toContain('filename=[file]');
  });

  it('leaves an ordinary message as it is', () => {
    const message =
      'Error {"statusCode":500,"error":"Internal Server Error"}; Status Code: 500 Received from http://localhost/api/photo/users/timeline';
    expect(scrubReportText(message)).toBe(message);
  });
});

describe('pathWithPlaceholders', () => {
  it('replaces ids, long segments and addresses, and drops the query', () => {
    expect(pathWithPlaceholders('/my-photos/albums/3f2504e0-4f89-41d3-9a0c-0305e82c3301')).toBe(
      '/my-photos/albums/:id',
    );
    expect(pathWithPlaceholders('/orders/12345?page=2#x')).toBe('/orders/:id');
    expect(pathWithPlaceholders('/my-photos/photos/preview/abcdefghijklmnopqrstuvwxyz')).toBe(
      '/my-photos/photos/preview/:id',
    );
    expect(pathWithPlaceholders('/settings/a%40b.c')).toBe('/settings/:id');
    expect(pathWithPlaceholders('/my-photos/albums')).toBe('/my-photos/albums');
  });
});
