import { describe, expect, it, vi } from 'vitest';
import {
  consentChoice,
  consentCode,
  hasConsent,
  onConsentChange,
  setConsentChoice,
} from './consent';

describe('consent state', () => {
  it('allows nothing outside necessary before a choice', () => {
    expect(consentChoice()).toBeNull();
    expect(hasConsent('analytics')).toBe(false);
    expect(hasConsent('marketing')).toBe(false);
  });

  it.each([
    [false, false, '00'],
    [false, true, '01'],
    [true, false, '10'],
    [true, true, '11'],
  ] as const)('analytics %s, marketing %s is code %s', (analytics, marketing, code) => {
    expect(consentCode({ analytics, marketing })).toBe(code);
  });

  it('tells listeners of a change, not of the same choice again', () => {
    const listener = vi.fn();
    const stop = onConsentChange(listener);
    setConsentChoice({ analytics: true, marketing: false });
    setConsentChoice({ analytics: true, marketing: false });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(hasConsent('analytics')).toBe(true);
    setConsentChoice(null);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(hasConsent('analytics')).toBe(false);
    stop();
  });
});
