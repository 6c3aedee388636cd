import { fireEvent, screen } from '@testing-library/react';
import { DESKTOP_ASK_WHERE_TO_SAVE_KEY } from '../../../platform/platform';
import { renderFeature } from '../../../testing/render-feature';
import { SettingsPage } from './settings-page';

describe('SettingsPage', () => {
  it('lists the settings sections', async () => {
    await renderFeature(<SettingsPage />);
    expect(await screen.findByRole('link', { name: /Personal details/ })).toBeInTheDocument();
    expect(screen.queryByText('Ask where to save each download')).toBeNull();
  });

  it('offers the desktop app its download preference, stored through the platform', async () => {
    const { platform } = await renderFeature(<SettingsPage />, { platformName: 'desktop' });
    expect(screen.getByRole('heading', { name: 'Desktop app' })).toBeInTheDocument();
    // Mantine's label wraps the description too, so the name starts with the label.
    const toggle = screen.getByRole('switch', { name: /^Ask where to save each download/ });
    expect(toggle).toHaveAccessibleDescription(
      'When this is off, downloads go straight to your Downloads folder.',
    );
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(platform.storage.get(DESKTOP_ASK_WHERE_TO_SAVE_KEY)).toBe('true');
    fireEvent.click(toggle);
    expect(platform.storage.get(DESKTOP_ASK_WHERE_TO_SAVE_KEY)).toBeNull();
  });
});
