import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderFeature } from '../testing/render-feature';
import { ErrorNotice } from './error-notice';

/** What the request helper makes of a failed call: everything the customer must never see. */
const leakyError = {
  status: 500,
  message:
    'Error {"statusCode":500,"error":"Internal Server Error","message":"projects store offline","correlationId":"c0ffee00-1234"}; Status Code: 500 Received from http://localhost:3000/api/projects/api/v2/projects/8d1f5a3e-0c4b-4e59-9d53-2f0b6a1c7e42?skip=0&limit=10',
  correlationId: 'c0ffee00-1234',
};

afterEach(() => vi.restoreAllMocks());

describe('ErrorNotice', () => {
  it('says what happened and what to do, once, as an alert; never the details of the error', async () => {
    await renderFeature(
      <main id="main">
        <ErrorNotice title="Your saved projects could not be loaded" error={leakyError} />
      </main>,
    );
    const alert = screen.getByRole('alert', { name: 'Your saved projects could not be loaded' });
    expect(alert).toHaveTextContent(
      'Please try again later. If it keeps happening, contact customer care.',
    );
    const text = screen.getByRole('main').textContent ?? '';
    for (const secret of [
      'http://',
      '/api/',
      '8d1f5a3e-0c4b-4e59-9d53-2f0b6a1c7e42',
      'c0ffee00-1234',
      'statusCode',
      'projects store offline',
      'Internal Server Error',
      '500',
      '{',
    ])
      expect(text).not.toContain(secret);
    // A load failure on page load does not steal focus.
    expect(alert).not.toHaveFocus();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('says to check the connection when the network failed', async () => {
    await renderFeature(
      <ErrorNotice
        title="Your widgets could not be loaded"
        error={{
          status: 'NETWORK_ERROR',
          message: 'GET /api/widgets/v/widget/all',
          correlationId: 'x',
        }}
        onRetry={() => {}}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Check your internet connection, then try again.',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('/api/');
  });

  it('"Try again" calls the retry; a retry that fails again puts focus on the notice', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    function Failing() {
      const [retrying, setRetrying] = useState(false);
      return (
        <>
          <ErrorNotice
            title="Your invoices could not be loaded"
            onRetry={() => {
              retry();
              setRetrying(true);
            }}
            retrying={retrying}
          />
          <button type="button" onClick={() => setRetrying(false)}>
            fail again
          </button>
        </>
      );
    }
    await renderFeature(<Failing />);
    const alert = screen.getByRole('alert', { name: 'Your invoices could not be loaded' });
    expect(alert).toHaveTextContent(
      'Please try again. If it keeps happening, contact customer care.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'fail again' }));
    expect(alert).toHaveFocus();
  });

  it('a retry that works puts focus on the page heading above the new content', async () => {
    const user = userEvent.setup();
    function Recovering() {
      const [failed, setFailed] = useState(true);
      return (
        <main id="main">
          <h1>Downloads</h1>
          {failed ? (
            <ErrorNotice
              title="Your downloads could not be loaded"
              onRetry={() => setFailed(false)}
            />
          ) : (
            <p>files</p>
          )}
        </main>
      );
    }
    // jsdom lays nothing out: the heading counts as shown.
    vi.spyOn(HTMLHeadingElement.prototype, 'getClientRects').mockReturnValue([
      new DOMRect(0, 0, 100, 20),
    ] as unknown as DOMRectList);
    await renderFeature(<Recovering />);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('files')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Downloads' })).toHaveFocus();
  });
});
