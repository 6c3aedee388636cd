import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';

/**
 * The focus rule (docs/product.md#focus): after an in-page result (a form sent, a dialog's answer,
 * a list's page changed) keyboard focus goes to the result's message or to the new content's
 * heading, so a keyboard or screen-reader customer hears what happened and goes on from there;
 * never to the page's body and never to a disabled button. This file is the one mechanism every
 * screen uses: `focusResult` for an element at hand, `useFocusOnResult` after a render.
 */

/** Where the result sits: `start` puts the new content at the top (a page change), `nearest`
 * scrolls only as far as needed to show a message. */
export type ResultScroll = 'start' | 'nearest';

export interface FocusResultOptions {
  /** @default 'nearest' */
  scroll?: ResultScroll;
}

/** An element, a ref to one, or a function finding it when the result has rendered. */
export type FocusTarget =
  | HTMLElement
  | null
  | undefined
  | RefObject<HTMLElement | null>
  | (() => HTMLElement | null | undefined);

function isDisabled(element: HTMLElement): boolean {
  return element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true';
}

function resolve(target: FocusTarget): HTMLElement | null {
  if (!target) return null;
  if (typeof target === 'function') return target() ?? null;
  if (target instanceof HTMLElement) return target;
  return target.current;
}

/**
 * Focuses `element` as a result: a message or heading that is not focusable by itself gets
 * `tabindex="-1"` (reachable by script, not added to the Tab order). Focus is moved without the
 * browser's own scroll, which centres or jumps as it likes, and the element is then scrolled to
 * deliberately (`scroll`). A missing, detached or disabled element is left alone. Returns whether
 * focus moved.
 */
export function focusResult(
  element: HTMLElement | null | undefined,
  { scroll = 'nearest' }: FocusResultOptions = {},
): boolean {
  if (!element?.isConnected || isDisabled(element)) return false;
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.tabIndex = -1;
  element.focus({ preventScroll: true });
  if (document.activeElement !== element) return false;
  // jsdom has no layout and so no scrollIntoView.
  element.scrollIntoView?.({ block: scroll, inline: 'nearest' });
  return true;
}

function isShown(element: Element): boolean {
  return element.getClientRects().length > 0;
}

/**
 * The heading of the page's content: the first h1 shown inside `main` (small screens hide one
 * of two), else `main` itself; a page without `main` (a public page) its first h1 shown. The
 * skip link and page changes land here.
 */
export function pageHeading(from: Element | null = null): HTMLElement | null {
  const main = from?.closest('main') ?? document.getElementById('main');
  const root = main instanceof HTMLElement ? main : document.body;
  const heading = [...root.querySelectorAll<HTMLElement>('h1')].find(isShown);
  return heading ?? (main instanceof HTMLElement ? main : null);
}

/**
 * The first field of a form (or any container) a customer would fill: the checked radio of a
 * group rather than its first, never a disabled or read-only field.
 */
export function firstField(container: Element | null | undefined): HTMLElement | null {
  if (!container) return null;
  return container.querySelector<HTMLElement>(
    [
      'input[type="radio"]:checked:not(:disabled)',
      'input:not([type="radio"]):not([type="hidden"]):not(:disabled):not([readonly])',
      'select:not(:disabled)',
      'textarea:not(:disabled):not([readonly])',
    ].join(', '),
  );
}

/**
 * Moves focus to `target` (see `focusResult`) after every render in which `key` changed to a
 * value other than null: a component passes the result it shows (`'sent'`, `'failed'`, a turn
 * counter …) and null while there is none. A key that is already set when the component mounts
 * counts as a change, so a message that appears as the result of an action focuses itself.
 */
export function useFocusOnResult(
  target: FocusTarget,
  key: string | number | null,
  options: FocusResultOptions = {},
): void {
  const previous = useRef<string | number | null>(null);
  const { scroll } = options;
  useEffect(() => {
    const changed = key !== previous.current;
    previous.current = key;
    if (!changed || key === null) return;
    focusResult(resolve(target), { scroll });
    // `target` is read when the key changes; a new function identity each render is no result.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, scroll]);
}
