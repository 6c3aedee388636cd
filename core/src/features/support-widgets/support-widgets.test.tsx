import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setConsentChoice } from '../../store/consent';
import { clientConfigFixture } from '../../testing/client-config-fixture';
import { renderFeature } from '../../testing/render-feature';
import { CHAT_ROOT_ID, FEEDBACK_ROOT_ID, SupportWidgets } from './support-widgets';
import { mountWidget } from './widget-loader';

const config = clientConfigFixture({
  ChatWidgetUrl: 'https://chat.example/chat.js',
  FeedbackWidgets: {
    'en-GB': { ScriptUrl: 'https://fb.example/en-GB.js', Id: 'fb-en', MobileId: 'fb-en-m' },
    'nl-NL': { ScriptUrl: 'https://fb.example/nl-NL.js', Id: 'fb-nl', MobileId: 'fb-nl-m' },
  },
});

const script = (rootId: string) =>
  document.getElementById(`${rootId}-script`) as HTMLScriptElement | null;

afterEach(() => {
  act(() => setConsentChoice(null));
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('support widgets', () => {
  it('load nothing before a choice, and each only with its category', async () => {
    await renderFeature(<SupportWidgets chatHidden={false} />, { config });
    expect(document.querySelectorAll('script')).toHaveLength(0);
    act(() => setConsentChoice({ analytics: true, marketing: false }));
    expect(script(CHAT_ROOT_ID)).toBeNull();
    expect(script(FEEDBACK_ROOT_ID)?.src).toBe('https://fb.example/en-GB.js');
    act(() => setConsentChoice({ analytics: false, marketing: true }));
    expect(script(FEEDBACK_ROOT_ID)).toBeNull();
    expect(script(CHAT_ROOT_ID)?.src).toBe('https://chat.example/chat.js');
  });

  it('place the chat at z-index 18, 6 px from the edge, async, with its texts', async () => {
    await renderFeature(<SupportWidgets chatHidden={false} />, { config });
    act(() => setConsentChoice({ analytics: true, marketing: true }));
    const root = document.getElementById(CHAT_ROOT_ID)!;
    expect(root.style.zIndex).toBe('18');
    expect(root.style.bottom).toBe('6px');
    expect(root.style.right).toBe('6px');
    expect(script(CHAT_ROOT_ID)!.async).toBe(true);
    expect(script(CHAT_ROOT_ID)!.dataset.labelOpen).toBe('Chat with us');
    expect(script(FEEDBACK_ROOT_ID)!.dataset.widgetId).toBe('fb-en');
  });

  it('give the feedback widget its mobile id below 576 px', async () => {
    await renderFeature(<SupportWidgets chatHidden={false} />, { config });
    const queries: string[] = [];
    vi.stubGlobal('matchMedia', (query: string) => {
      queries.push(query);
      return { matches: true } as MediaQueryList;
    });
    act(() => setConsentChoice({ analytics: true, marketing: false }));
    expect(script(FEEDBACK_ROOT_ID)!.dataset.widgetId).toBe('fb-en-m');
    expect(queries).toEqual(['(max-width: 575.98px)']);
  });

  it('hide the chat on photo pages', async () => {
    const view = await renderFeature(<SupportWidgets chatHidden={false} />, { config });
    act(() => setConsentChoice({ analytics: false, marketing: true }));
    expect(document.getElementById(CHAT_ROOT_ID)!.hidden).toBe(false);
    view.rerender(<SupportWidgets chatHidden />);
    expect(document.getElementById(CHAT_ROOT_ID)!.hidden).toBe(true);
  });

  it('go, scripts and containers, when the choice is withdrawn', async () => {
    await renderFeature(<SupportWidgets chatHidden={false} />, { config });
    act(() => setConsentChoice({ analytics: true, marketing: true }));
    expect(document.getElementById(CHAT_ROOT_ID)).not.toBeNull();
    act(() => setConsentChoice({ analytics: false, marketing: false }));
    expect(document.getElementById(CHAT_ROOT_ID)).toBeNull();
    expect(document.getElementById(FEEDBACK_ROOT_ID)).toBeNull();
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});

describe('mountWidget', () => {
  it('drops a widget whose script did not load, except on the development host', () => {
    const mount = { src: 'https://down.example/x.js', side: 'right', data: {} } as const;
    mountWidget({ ...mount, rootId: 'gone', keepWhenUnavailable: false });
    script('gone')!.dispatchEvent(new Event('error'));
    expect(document.getElementById('gone')).toBeNull();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mountWidget({ ...mount, rootId: 'kept', keepWhenUnavailable: true });
    script('kept')!.dispatchEvent(new Event('error'));
    expect(document.getElementById('kept')?.dataset.state).toBe('unavailable');
  });
});
