import { useSyncExternalStore } from 'react';

/**
 * The customer's cookie choice, as the rest of the app reads it (docs/product.md, "Page
 * furniture"). The consent feature owns the dialog and writes here; the analytics tracker, the
 * chat and feedback widgets and anything else outside "necessary" read here and wait for it.
 * Until the customer has chosen, nothing but "necessary" is allowed.
 */
export type ConsentCategory = 'analytics' | 'marketing';

export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

/** The product's result code: analytics then marketing, 1 for allowed ('10' = analytics only). */
export type ConsentCode = '00' | '01' | '10' | '11';

let current: ConsentChoice | null = null;
const listeners = new Set<() => void>();

export function consentCode(choice: ConsentChoice): ConsentCode {
  return `${choice.analytics ? 1 : 0}${choice.marketing ? 1 : 0}` as ConsentCode;
}

/** The choice made, or null while the customer has not chosen (or must choose again). */
export function consentChoice(): ConsentChoice | null {
  return current;
}

export function hasConsent(category: ConsentCategory): boolean {
  return current?.[category] ?? false;
}

/** Called by the consent feature when a choice is read, made, changed or withdrawn. */
export function setConsentChoice(choice: ConsentChoice | null): void {
  const same =
    choice === current || (choice && current && consentCode(choice) === consentCode(current));
  current = choice ? { ...choice } : null;
  if (!same) for (const listener of listeners) listener();
}

export function onConsentChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConsentChoice(): ConsentChoice | null {
  return useSyncExternalStore(onConsentChange, consentChoice, () => null);
}
