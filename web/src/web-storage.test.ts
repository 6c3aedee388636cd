import { createWebStorage } from './web-storage';

describe('createWebStorage', () => {
  beforeEach(() => window.localStorage.clear());

  it('reads, writes and removes localStorage values', () => {
    const storage = createWebStorage();
    storage.set('sortingOptions', '{"a":1}');
    expect(window.localStorage.getItem('sortingOptions')).toBe('{"a":1}');
    expect(storage.get('sortingOptions')).toBe('{"a":1}');
    storage.remove('sortingOptions');
    expect(storage.get('sortingOptions')).toBeNull();
  });

  it('is available when a probe can be written, read and removed', () => {
    const storage = createWebStorage();
    expect(storage.isAvailable()).toBe(true);
    expect(window.localStorage.length).toBe(0);
  });

  it('is unavailable, and never throws, when the browser blocks site data', () => {
    const blocked = createWebStorage(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(blocked.isAvailable()).toBe(false);
    expect(blocked.get('x')).toBeNull();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => blocked.set('x', '1')).not.toThrow();
    expect(() => blocked.remove('x')).not.toThrow();
  });

  it('is unavailable when writes fail (quota 0, as in some private modes)', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => {},
    } as unknown as Storage;
    expect(createWebStorage(() => full).isAvailable()).toBe(false);
  });
});
