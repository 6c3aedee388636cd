import './support-widgets.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsentChoice } from '../../store/consent';
import { useBrand, useClientConfig } from '../brand/brand-context';
import { isMobileWidth, mountWidget, unmountWidget } from './widget-loader';

export const CHAT_ROOT_ID = 'support-chat';
export const FEEDBACK_ROOT_ID = 'support-feedback';

/**
 * The chat-support and feedback widgets (docs/product.md "Page furniture"). The chat counts as
 * marketing (an outside service with its own cookies), the feedback widget as analytics; each
 * loads only while its category is allowed, and goes (container and script) when it is
 * withdrawn. The chat is hidden, not unloaded, on the photo pages (`chatHidden`, decided by the
 * app, which knows the routes).
 */
export function SupportWidgets({ chatHidden }: { chatHidden: boolean }) {
  const { t } = useTranslation();
  const config = useClientConfig();
  const brand = useBrand();
  const choice = useConsentChoice();
  // The development host keeps a widget whose script did not load, so its place can be seen.
  const keepWhenUnavailable = window.location.hostname === 'localhost';

  const chatUrl = config.ChatWidgetUrl;
  const chatAllowed = Boolean(chatUrl && choice?.marketing);
  useEffect(() => {
    if (!chatAllowed || !chatUrl) return;
    mountWidget({
      rootId: CHAT_ROOT_ID,
      src: chatUrl,
      side: 'right',
      keepWhenUnavailable,
      data: {
        labelOpen: t('supportWidgets.chat.open'),
        labelTitle: t('supportWidgets.chat.title'),
        labelIntro: t('supportWidgets.chat.intro'),
        labelClose: t('supportWidgets.chat.close'),
      },
    });
    return () => unmountWidget(CHAT_ROOT_ID);
  }, [chatAllowed, chatUrl, keepWhenUnavailable, t]);

  useEffect(() => {
    const root = document.getElementById(CHAT_ROOT_ID);
    if (root) root.hidden = chatHidden;
  });

  const feedback = config.FeedbackWidgets?.[brand.locale];
  const feedbackAllowed = Boolean(feedback && choice?.analytics);
  useEffect(() => {
    if (!feedbackAllowed || !feedback) return;
    mountWidget({
      rootId: FEEDBACK_ROOT_ID,
      src: feedback.ScriptUrl,
      side: 'left',
      keepWhenUnavailable,
      data: {
        widgetId: isMobileWidth() ? feedback.MobileId : feedback.Id,
        labelOpen: t('supportWidgets.feedback.open'),
        labelTitle: t('supportWidgets.feedback.title'),
        labelMessage: t('supportWidgets.feedback.message'),
        labelSend: t('supportWidgets.feedback.send'),
        labelClose: t('common.close'),
        labelThanks: t('supportWidgets.feedback.thanks'),
        labelError: t('supportWidgets.feedback.error'),
      },
    });
    return () => unmountWidget(FEEDBACK_ROOT_ID);
  }, [feedbackAllowed, feedback, keepWhenUnavailable, t]);

  return null;
}
