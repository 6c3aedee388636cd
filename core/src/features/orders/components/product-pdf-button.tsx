import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveApiFile } from '../../../api/file-download';
import { usePlatform } from '../../../platform/platform-context';
import { showToast } from '../../../ui/toast';
import { useClientConfig } from '../../brand/brand-context';
import { productPdfPath } from '../api';

/** Saves a product's print PDF through the platform (docs/product.md#apis GET /v1/pdf/me/{code}). */
export function ProductPdfButton({ code, title }: { code: string; title: string }) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const config = useClientConfig();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await saveApiFile(
        { platform, config },
        { api: 'products', path: productPdfPath(code), fileName: `${code}.pdf` },
      );
    } catch (error) {
      console.error('PDF download failed', error);
      showToast({ message: t('orders.pdfFailed'), color: 'red' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="light"
      loading={saving}
      onClick={() => void save()}
      aria-label={t('orders.downloadPdfOf', { title, code })}
    >
      {t('orders.downloadPdf')}
    </Button>
  );
}
