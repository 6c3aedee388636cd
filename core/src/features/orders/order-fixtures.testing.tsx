import type { InternalOrderStatus, SuperOrder } from '../../api/schemas/order';

/** Test data for the order screens (test files only). */
/** The tests' present: page tests read the lists with the real clock, so it is today. */
export const now = new Date();
export const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

export function superOrder(
  code: string,
  createdDaysAgo: number,
  lines: Array<{ status: InternalOrderStatus; paidDaysAgo: number | null }>,
): SuperOrder {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    superOrderCode: code,
    createdAt: daysAgo(createdDaysAgo),
    status: lines[0]?.status ?? 'Received',
    label: 'paymentPending',
    source: 'Albelli',
    channel: 'photobox-uk',
    deliveryType: 'Home',
    deliveryAddress: {
      firstName: 'A',
      lastName: 'B',
      streetName: 'Baker Street',
      streetNumber: '1',
      postalCode: 'NW1 6XE',
      city: 'London',
      country: 'GB',
    },
    pendingAddressChange: null,
    total: { amount: 1999, currency: 'GBP' },
    orderCount: lines.length,
    orders: lines.map((line, index) => ({
      id: `00000000-0000-4000-8000-00000000010${index}`,
      code: `${code}-${index + 1}`,
      articleType: 'BOOK_SC_A5',
      title: 'Softcover photo book A5',
      quantity: 1,
      status: line.status,
      label: 'shipped',
      paymentChangedDate: line.paidDaysAgo === null ? null : daysAgo(line.paidDaysAgo),
      voucher: null,
      voucherDetails: null,
      price: { amount: 1999, currency: 'GBP' },
      hasPdf: true,
    })),
  };
}
