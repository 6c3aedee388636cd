import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BOTTOM_BAR_HEIGHT_PROPERTY, BottomBar } from './bottom-bar';

describe('BottomBar', () => {
  it('publishes its height on the root element while it is shown, for what floats above it', () => {
    const root = document.documentElement;
    const { unmount } = render(<BottomBar label="Selected photos">buttons</BottomBar>);
    expect(root.style.getPropertyValue(BOTTOM_BAR_HEIGHT_PROPERTY)).toMatch(/^\d+px$/);
    unmount();
    expect(root.style.getPropertyValue(BOTTOM_BAR_HEIGHT_PROPERTY)).toBe('');
  });
});
