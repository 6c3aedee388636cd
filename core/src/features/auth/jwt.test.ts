import { decodeJwtPayload } from './jwt';

const utf8 = (value: string) => String.fromCharCode(...new TextEncoder().encode(value));
const b64url = (value: string) =>
  btoa(utf8(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (payload: string) => `${b64url('{"alg":"none"}')}.${b64url(payload)}.sig`;

describe('decodeJwtPayload (docs/product.md#validation)', () => {
  it('decodes the payload of a token', () => {
    expect(decodeJwtPayload(token('{"sub":"u1","email":"a@b.c"}'))).toEqual({
      sub: 'u1',
      email: 'a@b.c',
    });
  });

  it('decodes UTF-8 and base64url characters', () => {
    const payload = '{"name":"Zoë ~~~???>>>"}';
    expect(decodeJwtPayload(token(payload))).toEqual({ name: 'Zoë ~~~???>>>' });
  });

  it.each([[''], [null], [undefined]])('throws "JWT Token must be provided" for %j', (value) => {
    expect(() => decodeJwtPayload(value)).toThrow(new Error('JWT Token must be provided'));
  });

  it.each([
    ['header-only'],
    ['header.'],
    [`${b64url('{}')}.${b64url('not json')}.sig`],
    [`x.${b64url('"a string"')}.y`],
  ])('throws "JWT Token must have a Payload" for %s', (value) => {
    expect(() => decodeJwtPayload(value)).toThrow(new Error('JWT Token must have a Payload'));
  });
});
