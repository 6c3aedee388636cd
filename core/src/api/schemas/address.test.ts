import { describe, expect, it } from 'vitest';
import {
  addressInputSchema,
  addressMessages,
  addressRequiredMessages,
  isValidPhone,
  isValidPostalCode,
  isValidStreetName,
  isValidStreetNumber,
  toAddressCountry,
} from './address';
import { personalDetailsSchema } from './personal-details';

const valid = {
  type: 'normal',
  firstName: 'Anna',
  lastName: 'de Vries',
  streetName: 'Damrak',
  streetNumber: '12a',
  postalCode: '1012 LG',
  city: 'Amsterdam',
  country: 'NL',
  phoneNumber: '020 123 4567',
};

/** The messages of a failed parse, by field. */
function messages(input: unknown): Record<string, string> {
  const result = addressInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('postal codes per country', () => {
  it.each([
    ['NL', ['1012 LG', '9999AB'], ['0123 AB', '1234', '1234 A1']],
    ['BE', ['1000', '9992'], ['0999', '10000']],
    ['GB', ['SW1A 1AA', 'm1 1ae', 'B33 8TH'], ['12345', 'SW1A', 'SW1A 1A']],
    ['UK', ['EC1A 1BB'], ['1000']],
    ['FR', ['75001', '20000', '97400'], ['00100', '99000', '7500']],
    ['ES', ['28013', '08001', '52001'], ['53001', '00100', '2801']],
    ['PT', ['1000-001', '4000-123'], ['1000001', '1000-01', '0100-001']],
    ['IT', ['00118', '20121'], ['2012', '201210']],
    ['DE', ['10115', '01067'], ['00123', '1011']],
    ['AT', ['1010', '6020'], ['0101', '10100']],
    ['DK', ['1050', 'DK-8000'], ['0800', '10500']],
    ['NO', ['0150', '5003'], ['150', '50030']],
    ['SE', ['111 22', '11122'], ['011 22', '1112']],
    ['IE', ['D02 X285', 'A65F4E2'], ['D02 X28', '12345']],
  ])('%s', (country, good, bad) => {
    for (const code of good) expect(isValidPostalCode(country, code), code).toBe(true);
    for (const code of bad) expect(isValidPostalCode(country, code), code).toBe(false);
  });

  it('is refused for a country we do not deliver to', () => {
    expect(isValidPostalCode('US', '10001')).toBe(false);
    expect(toAddressCountry('uk')).toBe('GB');
    expect(toAddressCountry('XX')).toBeUndefined();
  });
});

describe('street number and street name', () => {
  it.each(['1', '12', '12a', '12 B', '3 bis', '12-3', '5/2', '99999'])(
    '%s is a street number',
    (value) => expect(isValidStreetNumber(value)).toBe(true),
  );
  it.each(['', '0', '012', 'a12', '123456', '12 abcd', '12--3', '<1>'])(
    '"%s" is not a street number',
    (value) => expect(isValidStreetNumber(value)).toBe(false),
  );
  it.each([
    'Damrak',
    "Rue de l'Église",
    'Straße des 17. Juni',
    'Calle Mayor',
    'Åvägen',
    'St. John’s Road',
  ])('%s is a street name', (value) => expect(isValidStreetName(value)).toBe(true));
  it.each(['', 'A', '12', '<script>', 'Main; DROP', 'x'.repeat(101), '"Quoted"'])(
    '"%s" is not a street name',
    (value) => expect(isValidStreetName(value)).toBe(false),
  );
});

describe('phone numbers (libphonenumber-js)', () => {
  it.each([
    ['NL', '020 123 4567', '06 1234 5678', '12345'],
    ['GB', '020 7946 0018', '+44 7911 123456', '0123'],
    ['FR', '01 23 45 67 89', '06 12 34 56 78', '00 00 00 00 00'],
    ['DE', '030 901820', '+49 1512 3456789', '123'],
    ['SE', '08-123 456 78', '070-123 45 67', '08'],
  ])('%s', (country, landline, other, bad) => {
    expect(isValidPhone(country, landline)).toBe(true);
    expect(isValidPhone(country, other)).toBe(true);
    expect(isValidPhone(country, bad)).toBe(false);
  });

  it('accepts an international number without a country, not a national one', () => {
    expect(isValidPhone(undefined, '+31 20 123 4567')).toBe(true);
    expect(isValidPhone(undefined, '020 123 4567')).toBe(false);
  });
});

describe('addressInputSchema', () => {
  it('accepts a valid address and stores UK as GB', () => {
    expect(addressInputSchema.parse(valid).country).toBe('NL');
    const uk = addressInputSchema.parse({
      ...valid,
      country: 'UK',
      postalCode: 'SW1A 1AA',
      phoneNumber: '020 7946 0018',
    });
    expect(uk.country).toBe('GB');
  });

  it('gives the four messages of docs/product.md#validation on their fields, all at once', () => {
    expect(
      messages({
        ...valid,
        postalCode: '0123',
        phoneNumber: '123',
        streetNumber: 'x',
        streetName: '1',
      }),
    ).toEqual({
      postalCode: addressMessages.postalCode,
      phoneNumber: addressMessages.phoneNumber,
      streetNumber: addressMessages.streetNumber,
      streetName: addressMessages.streetName,
    });
    expect(addressMessages).toEqual({
      phoneNumber: 'Phone number must be valid',
      postalCode: 'Postal Code must be valid',
      streetNumber: 'Street number must be valid',
      streetName: 'Street name must be valid',
    });
  });

  it('says an empty street, house number, postal code or phone is required, not "must be valid"', () => {
    expect(
      messages({ ...valid, streetName: '', streetNumber: '  ', postalCode: '', phoneNumber: ' ' }),
    ).toEqual({
      streetName: 'Street name is required',
      streetNumber: 'House number is required',
      postalCode: 'Postal code is required',
      phoneNumber: 'Phone number is required',
    });
    expect(Object.values(addressRequiredMessages)).toHaveLength(4);
    // Filled but wrong: still "must be valid".
    expect(messages({ ...valid, streetNumber: '0', postalCode: 'x' })).toEqual({
      streetNumber: addressMessages.streetNumber,
      postalCode: addressMessages.postalCode,
    });
  });

  it('checks the postal code and phone against the address country', () => {
    // A valid Dutch postal code and phone number are not Belgian ones.
    expect(messages({ ...valid, country: 'BE' })).toEqual({
      postalCode: addressMessages.postalCode,
      phoneNumber: addressMessages.phoneNumber,
    });
    expect(
      messages({ ...valid, country: 'BE', postalCode: '1000', phoneNumber: '02 511 12 12' }),
    ).toEqual({});
  });

  it('requires a company name on business addresses and checks the VAT number', () => {
    expect(messages({ ...valid, type: 'business' })).toHaveProperty('companyName');
    expect(
      messages({
        ...valid,
        type: 'business',
        companyName: 'Foto BV',
        vatNumber: 'NL 1234.56.789.B01',
      }),
    ).toEqual({});
    expect(
      messages({ ...valid, type: 'business', companyName: 'Foto BV', vatNumber: '12' }),
    ).toHaveProperty('vatNumber');
  });
});

describe('personalDetailsSchema', () => {
  it('checks the phone number in the brand country', () => {
    const details = { firstName: 'Anna', lastName: 'de Vries', phoneNumber: '06 1234 5678' };
    expect(personalDetailsSchema('NL').safeParse(details).success).toBe(true);
    const gb = personalDetailsSchema('GB').safeParse(details);
    expect(gb.success).toBe(false);
    expect(gb.error?.issues[0]).toMatchObject({
      path: ['phoneNumber'],
      message: 'Phone number must be valid',
    });
    expect(personalDetailsSchema('GB').safeParse({ ...details, phoneNumber: null }).success).toBe(
      true,
    );
  });
});
