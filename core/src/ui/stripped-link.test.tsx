import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppLink, carryStripped, useAppNavigate } from './stripped-link';

function Where() {
  const location = useLocation();
  return <output>{location.pathname + location.search}</output>;
}

function NavigateButton() {
  const navigate = useAppNavigate();
  return <button onClick={() => navigate('/settings?tab=email')}>go</button>;
}

function renderAt(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <AppLink to="/orders?page=2">orders</AppLink>
      <NavigateButton />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('stripped=true is carried on internal navigation (docs/product.md#brands)', () => {
  it('adds stripped=true to links on a stripped page, keeping other parameters', () => {
    renderAt('/?stripped=true');
    expect(screen.getByRole('link', { name: 'orders' })).toHaveAttribute(
      'href',
      '/orders?page=2&stripped=true',
    );
  });

  it('leaves links alone on a normal page', () => {
    renderAt('/');
    expect(screen.getByRole('link', { name: 'orders' })).toHaveAttribute('href', '/orders?page=2');
  });

  it('useAppNavigate carries it too', async () => {
    renderAt('/my-photos?stripped=true');
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(screen.getByRole('status')).toHaveTextContent('/settings?tab=email&stripped=true');
  });

  it('does not duplicate the parameter', () => {
    expect(carryStripped('/a?stripped=true', true)).toEqual({
      pathname: '/a',
      search: '?stripped=true',
    });
  });
});
