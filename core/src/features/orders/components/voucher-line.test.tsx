import { screen } from '@testing-library/react';
import type { OrderLine } from '../../../api/schemas/order';
import { json } from '../../../testing/mock-fetch';
import { renderFeature } from '../../../testing/render-feature';
import { VoucherLine } from './voucher-line';

const line: OrderLine = {
  id: '00000000-0000-4000-8000-000000000001',
  code: 'PB4-1',
  articleType: 'VOUCHER_GIFT',
  title: 'Gift voucher',
  quantity: 1,
  status: 'Received',
  label: 'paymentPending',
  paymentChangedDate: null,
  voucher: 'PB-GIFT',
  voucherDetails: {
    state: 'awaitingPayment',
    voucherCode: null,
    value: { amount: 5000, currency: 'GBP' },
    expiresAt: null,
  },
  price: { amount: 5000, currency: 'GBP' },
  hasPdf: false,
};

const offer = {
  voucherOptionCode: 'PB-GIFT',
  campaignName: 'gift-vouchers',
  title: 'Gift voucher £50',
  description: 'A £50 voucher',
  discountType: 'amount',
  discountValue: 5000,
  currency: 'GBP',
  articleTypes: ['PAP_910'],
  channel: 'photobox-uk',
  validFrom: '2025-01-01T00:00:00.000Z',
  validUntil: '2027-12-31T23:59:00.000Z',
};

describe('VoucherLine', () => {
  it('shows the variant read afresh (delayed) and the offer it was bought from', async () => {
    await renderFeature(<VoucherLine product={line} />, {
      routes: {
        '/api/orders/v1/Orders/product/PB4-1/voucher': {
          productCode: 'PB4-1',
          voucher: 'PB-GIFT',
          voucherDetails: { ...line.voucherDetails, state: 'delayed' },
        },
        '/api/voucher/api/v1/campaigns/offers/PB-GIFT': offer,
      },
    });
    expect(await screen.findByText('Voucher: delayed')).toBeInTheDocument();
    expect(await screen.findByText('Gift voucher £50')).toBeInTheDocument();
    expect(screen.getByText('Value £50.00')).toBeInTheDocument();
  });

  it('a 404 from the voucher API means no such voucher; the order data still shows its state', async () => {
    await renderFeature(<VoucherLine product={line} />, {
      routes: {
        '/api/voucher/api/v1/campaigns/offers/PB-GIFT': () =>
          json({ statusCode: 404, message: 'Voucher not found' }, 404),
      },
    });
    expect(await screen.findByText('This voucher could not be found.')).toBeInTheDocument();
    expect(screen.getByText('Voucher: awaiting payment')).toBeInTheDocument();
  });
});
