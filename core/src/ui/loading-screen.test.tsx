import axe from 'axe-core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderFeature } from '../testing/render-feature';
import { LoadingSpinner } from './loading-screen';

describe('LoadingSpinner', () => {
  it('is a named status that axe accepts (a bare span may not carry a name)', async () => {
    const { container } = await renderFeature(<LoadingSpinner size="sm" />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    const results = await axe.run(container, {
      runOnly: ['aria-prohibited-attr', 'aria-allowed-role', 'aria-allowed-attr'],
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
