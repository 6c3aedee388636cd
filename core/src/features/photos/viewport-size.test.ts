import { subscribeViewportSize, viewportSize } from './viewport-size';

it('reads the window once, then only in resize events, and tells its listeners of a change', () => {
  const width = vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(390);
  const height = vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(844);
  expect(viewportSize()).toEqual({ width: 390, height: 844 });
  viewportSize();
  viewportSize();
  expect(width).toHaveBeenCalledTimes(1);
  expect(height).toHaveBeenCalledTimes(1);

  const heard = vi.fn();
  const stop = subscribeViewportSize(heard);
  width.mockReturnValue(1280);
  height.mockReturnValue(800);
  window.dispatchEvent(new Event('resize'));
  expect(viewportSize()).toEqual({ width: 1280, height: 800 });
  expect(heard).toHaveBeenCalledTimes(1);
  // A resize event that left the size as it was is not news.
  window.dispatchEvent(new Event('resize'));
  expect(heard).toHaveBeenCalledTimes(1);

  stop();
  width.mockReturnValue(390);
  window.dispatchEvent(new Event('resize'));
  expect(heard).toHaveBeenCalledTimes(1);
  // Kept current without listeners too: the next reader gets the window's size.
  expect(viewportSize().width).toBe(390);
});
