/** The chat widget's constants (docs/product.md "Page furniture"). */
export const WIDGET_Z_INDEX = 18;
export const MOBILE_BREAKPOINT_PX = 576;
export const WIDGET_MARGIN_PX = 6;

export interface WidgetMount {
  /** Id of the container the app makes; the script renders into it. */
  rootId: string;
  src: string;
  /** Which corner the container sits in. */
  side: 'left' | 'right';
  /** `data-*` attributes of the script: texts, widget id. */
  data: Record<string, string>;
  /** A script that did not load leaves its container in place on this host (development). */
  keepWhenUnavailable: boolean;
}

const scriptId = (rootId: string) => `${rootId}-script`;

/** `labelOpen` → `data-label-open`. */
const dataAttribute = (key: string) =>
  `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * Adds a widget: a fixed container in its corner (z-index 18, 6 px from the edges) and its script
 * as a file, async, never inline (the Content-Security-Policy allows no inline code). A script
 * that fails to load takes its container with it, except on the development host.
 */
export function mountWidget(mount: WidgetMount): HTMLElement {
  const existing = document.getElementById(mount.rootId);
  if (existing) return existing;
  const root = document.createElement('div');
  root.id = mount.rootId;
  root.className = 'support-widget';
  root.dataset.state = 'loading';
  Object.assign(root.style, {
    position: 'fixed',
    bottom: `${WIDGET_MARGIN_PX}px`,
    [mount.side]: `${WIDGET_MARGIN_PX}px`,
    zIndex: String(WIDGET_Z_INDEX),
  });
  document.body.append(root);
  const script = document.createElement('script');
  script.id = scriptId(mount.rootId);
  script.async = true;
  script.src = mount.src;
  script.setAttribute('data-root', mount.rootId);
  for (const [key, value] of Object.entries(mount.data))
    script.setAttribute(dataAttribute(key), value);
  script.addEventListener('error', () => {
    if (mount.keepWhenUnavailable) {
      root.dataset.state = 'unavailable';
      console.warn(`The widget script ${mount.src} did not load; kept on this development host`);
    } else {
      unmountWidget(mount.rootId);
    }
  });
  document.body.append(script);
  return root;
}

/** Removes a widget's container and script (consent withdrawn, page left). */
export function unmountWidget(rootId: string): void {
  document.getElementById(rootId)?.remove();
  document.getElementById(scriptId(rootId))?.remove();
}

/** Whether the page is as narrow as a phone (below the 576 px breakpoint). */
export function isMobileWidth(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`).matches
  );
}
