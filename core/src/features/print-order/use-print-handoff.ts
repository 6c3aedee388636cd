import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTERS, trackCounter } from '../../store/analytics';
import { useAppDispatch } from '../../store/hooks';
import { usePlatform } from '../../platform/platform-context';
import { showToast } from '../../ui/toast';
import { useBrand, useStorefrontRoutes } from '../brand/brand-context';
import {
  atLeast,
  buildEditorUrl,
  EDITOR_HANDOFF_MIN_MS,
  MISSING_CHANNEL_MESSAGE,
} from './print-handoff';

/** The hand-off's requests (and the merchandise schema) load with the first 'Order prints', not with the lists. */
const loadPrintOrderApi = () => import('./api');

/**
 * Order prints (docs/product.md#screens): saves the selection as a temp selection, shows the 'Adding … to
 * editor' overlay for at least 3 s, then leaves for the storefront print editor. `adding` is the
 * number of photos being handed over (null when idle).
 */
export function usePrintHandoff() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const platform = usePlatform();
  const brand = useBrand();
  const routes = useStorefrontRoutes();
  const [adding, setAdding] = useState<number | null>(null);

  const start = useCallback(
    async (photoIds: string[]) => {
      if (photoIds.length === 0) return false;
      const missingChannel = () => {
        console.error(MISSING_CHANNEL_MESSAGE);
        setAdding(null);
        showToast({ message: t('photos.orderPrints.noChannel'), color: 'red' });
        return false;
      };
      if (!brand.channel) return missingChannel();
      setAdding(photoIds.length);
      try {
        const { printOrderApi } = await loadPrintOrderApi();
        // The editor takes the merchandise channel's ID (docs/product.md#messages: none → toast).
        const lookup = dispatch(
          printOrderApi.endpoints.getMerchandiseChannel.initiate(brand.channel),
        );
        const channel = await lookup;
        lookup.unsubscribe();
        if (channel.error && 'status' in channel.error && channel.error.status === 404)
          return missingChannel();
        if (!channel.data) throw new Error(channel.error ? String(channel.error.message) : '');
        const selection = await atLeast(
          dispatch(printOrderApi.endpoints.createTempSelection.initiate({ photoIds })).unwrap(),
          EDITOR_HANDOFF_MIN_MS,
        );
        const url = buildEditorUrl(routes.EditorUrl, {
          channel: channel.data.ID,
          tempSelectionId: selection.tempSelectionId,
        });
        // Counted before the page leaves for the editor (the tracker sends on page hide).
        trackCounter(COUNTERS.orderPrints);
        // The desktop app has no storefront: the editor opens in the system browser.
        if (platform.platformName === 'desktop') {
          platform.openExternal(url);
          setAdding(null);
        } else {
          window.location.assign(url);
        }
        return true;
      } catch (error) {
        console.error('Print hand-off failed', error);
        setAdding(null);
        showToast({ message: t('photos.orderPrints.transferError'), color: 'red' });
        return false;
      }
    },
    [brand.channel, dispatch, platform, routes.EditorUrl, t],
  );
  return { start, adding };
}
