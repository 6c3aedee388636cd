import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../store/hooks';
import { usePlatform } from '../../platform/platform-context';
import { showToast } from '../../ui/toast';
import { useBrand, useStorefrontRoutes } from '../brand/brand-context';
import { printOrderApi } from './api';
import {
  atLeast,
  buildEditorUrl,
  EDITOR_HANDOFF_MIN_MS,
  MISSING_CHANNEL_MESSAGE,
} from './print-handoff';

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
      if (!brand.channel) {
        console.error(MISSING_CHANNEL_MESSAGE);
        showToast({ message: t('photos.orderPrints.noChannel'), color: 'red' });
        return false;
      }
      setAdding(photoIds.length);
      try {
        const selection = await atLeast(
          dispatch(printOrderApi.endpoints.createTempSelection.initiate({ photoIds })).unwrap(),
          EDITOR_HANDOFF_MIN_MS,
        );
        const url = buildEditorUrl(routes.EditorUrl, {
          channel: brand.channel,
          tempSelectionId: selection.tempSelectionId,
        });
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
