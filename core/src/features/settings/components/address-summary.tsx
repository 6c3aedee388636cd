import { Text } from '@mantine/core';
import type { Address } from '../../../api/schemas/address';
import { useCountryName } from '../../../lib/country-name';

/** An address as lines of text, the way it is written on an envelope. */
export function AddressSummary({ address }: { address: Address }) {
  const countryName = useCountryName();
  const lines = [
    address.companyName,
    `${address.firstName} ${address.lastName}`,
    `${address.streetName} ${address.streetNumber}`,
    address.addressLine2,
    `${address.postalCode} ${address.city}`,
    countryName(address.country),
    address.phoneNumber,
    address.vatNumber,
  ].filter((line): line is string => Boolean(line));
  return (
    <Text component="address" fs="normal" size="sm">
      {lines.map((line, index) => (
        <span key={index}>
          {line}
          <br />
        </span>
      ))}
    </Text>
  );
}

/** One line naming an address, for buttons and dialogs ("Baker Street 221B, London"). */
export function addressLabel(address: Address): string {
  return `${address.streetName} ${address.streetNumber}, ${address.city}`;
}
