// Database-independent: nothing here can go differently on PostgreSQL, so the file runs in the
// vitest project `server` only, not again in `server-pg` (vitest.config.ts).
import { clientConfigSchema } from '@photo/core/api/schemas/config';
import { FEEDBACK_LOCALES } from '@photo/core/api/schemas/support-widgets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../app/test-app.ts';

let test: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(async () => {
  await test.close();
});

const inject = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  test.app.inject({ method, url, payload: payload as object, headers: { host: 'localhost' } });

describe('support widgets', () => {
  it('are in /config.json: the chat script, and a feedback script with two ids per locale', async () => {
    const config = clientConfigSchema.parse((await inject('GET', '/config.json')).json());
    expect(config.ChatWidgetUrl).toBe('/api/support-widgets/chat.js');
    expect(Object.keys(config.FeedbackWidgets ?? {}).sort()).toEqual([...FEEDBACK_LOCALES].sort());
    const ids = Object.values(config.FeedbackWidgets ?? {}).flatMap((w) => [w.Id, w.MobileId]);
    expect(new Set(ids).size).toBe(FEEDBACK_LOCALES.length * 2);
  });

  it('serve the chat script and one feedback script per locale as JavaScript files', async () => {
    const chat = await inject('GET', '/api/support-widgets/chat.js');
    expect(chat.statusCode).toBe(200);
    expect(chat.headers['content-type']).toContain('text/javascript');
    expect(chat.body).toContain("'Escape'");
    for (const locale of FEEDBACK_LOCALES) {
      const feedback = await inject('GET', `/api/support-widgets/feedback/${locale}.js`);
      expect(feedback.statusCode, locale).toBe(200);
      expect(feedback.body).toContain(`})("${locale}");`);
    }
    expect((await inject('GET', '/api/support-widgets/feedback/xx-XX.js')).statusCode).toBe(404);
    expect((await inject('GET', '/api/support-widgets/feedback/en-GB')).statusCode).toBe(404);
  });

  it('keep valid feedback and list it; refuse an empty or unknown-locale one', async () => {
    const sent = await inject('POST', '/api/support-widgets/feedback', {
      widgetId: 'feedback-nl-nl',
      locale: 'nl-NL',
      message: '  Mooi!  ',
      page: '/orders',
    });
    expect(sent.statusCode).toBe(201);
    const empty = await inject('POST', '/api/support-widgets/feedback', {
      widgetId: 'x',
      locale: 'nl-NL',
      message: '   ',
      page: '/',
    });
    expect(empty.statusCode).toBe(400);
    const unknown = await inject('POST', '/api/support-widgets/feedback', {
      widgetId: 'x',
      locale: 'xx-XX',
      message: 'hi',
      page: '/',
    });
    expect(unknown.statusCode).toBe(400);
    const list = (await inject('GET', '/api/support-widgets/feedback')).json() as unknown[];
    expect(list).toEqual([
      expect.objectContaining({
        id: sent.json().id,
        locale: 'nl-NL',
        message: 'Mooi!',
        page: '/orders',
      }),
    ]);
  });
});
