import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import enGB from '../../locales/en-GB.json';
import { createI18n } from '../i18n/i18n';
import { Pager } from './pager';

describe('Pager focus after a turn (docs/product.md#focus)', () => {
  const scrollIntoView = vi.fn();
  beforeEach(() => {
    scrollIntoView.mockClear();
    Element.prototype.scrollIntoView = scrollIntoView;
    // jsdom lays nothing out: count every element as shown.
    vi.spyOn(Element.prototype, 'getClientRects').mockReturnValue([
      new DOMRect(0, 0, 10, 10),
    ] as unknown as DOMRectList);
  });
  afterEach(() => vi.restoreAllMocks());

  function PagedList({ i18n }: { i18n: I18n }) {
    const [page, setPage] = useState(1);
    return (
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <main id="main">
            <h1>Saved projects</h1>
            <ul>
              <li>Project on page {page}</li>
            </ul>
            <Pager page={page} pages={2} onChange={setPage} />
          </main>
        </MantineProvider>
      </I18nextProvider>
    );
  }

  it('lands on the page heading at the top, never on the button the turn disabled', async () => {
    const i18n = await createI18n({
      locale: 'en-GB',
      resources: { 'en-GB': { translation: enGB } },
    });
    render(<PagedList i18n={i18n} />);
    expect(document.body).toHaveFocus();
    const next = screen.getByRole('button', { name: 'Next page' });
    next.focus();
    fireEvent.click(next);
    expect(screen.getByText('Project on page 2')).toBeInTheDocument();
    expect(next).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Saved projects' })).toHaveFocus();
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'start', inline: 'nearest' });

    const previous = screen.getByRole('button', { name: 'Previous page' });
    previous.focus();
    fireEvent.click(previous);
    expect(screen.getByText('Project on page 1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Saved projects' })).toHaveFocus();
    expect(scrollIntoView).toHaveBeenCalledTimes(2);
  });
});
