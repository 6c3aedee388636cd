import { createWebPlatform } from './web-platform';

describe('createWebPlatform().openMobileApp', () => {
  it("hands a brand's app link to the browser and refuses anything the config schema would", () => {
    const assign = vi.fn();
    const win = { ...window, location: { assign }, document, localStorage } as unknown as Window;
    const platform = createWebPlatform(win);
    platform.openMobileApp?.('photobox://upload?album_id=a');
    expect(assign).toHaveBeenCalledExactlyOnceWith('photobox://upload?album_id=a');
    for (const link of ['javascript:alert(1)', 'data:text/html,x', 'http://example.com/app'])
      platform.openMobileApp?.(link);
    expect(assign).toHaveBeenCalledTimes(1);
  });
});
