import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponsiveTable } from './responsive-table';
import type { ResponsiveColumn } from './responsive-table';

interface Row {
  id: string;
  name: string;
  price: string;
}

const columns: Array<ResponsiveColumn<Row>> = [
  { key: 'name', header: 'Product', card: 'title', cell: (row) => row.name },
  { key: 'price', header: 'Price', align: 'right', cell: (row) => row.price },
  {
    key: 'pdf',
    header: 'PDF',
    hideHeader: true,
    card: 'actions',
    cell: (row) => <button type="button">Download {row.name}</button>,
  },
];

const rows: Row[] = [
  { id: '1', name: 'Photo book', price: '£39.99' },
  { id: '2', name: 'Canvas', price: '£34.99' },
];

/** A screen `width` px wide, as far as CSS media queries go. */
function screenWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: /min-width:\s*35\.9375em/.test(query) ? width >= 575 : false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

const renderTable = () =>
  render(
    <MantineProvider
      theme={{ breakpoints: { xs: '30em', sm: '35.9375em', md: '64em', lg: '80em', xl: '90em' } }}
    >
      <ResponsiveTable label="Products" columns={columns} rows={rows} rowKey={(row) => row.id} />
    </MantineProvider>,
  );

afterEach(() => vi.restoreAllMocks());

describe('ResponsiveTable', () => {
  it('is a table with its headers on a wide screen', () => {
    screenWidth(1280);
    renderTable();
    const table = screen.getByRole('table', { name: 'Products' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Product', 'Price', 'PDF']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('is one card per row on a phone, each value labelled by its header', () => {
    screenWidth(390);
    renderTable();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Products' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('Photo book')).toBeInTheDocument();
    // The price is a labelled line; the title and the button carry no header.
    expect(first.getByRole('term')).toHaveTextContent('Price');
    expect(first.getByRole('definition')).toHaveTextContent('£39.99');
    expect(first.queryByText('Product')).not.toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Download Photo book' })).toBeInTheDocument();
  });
});
