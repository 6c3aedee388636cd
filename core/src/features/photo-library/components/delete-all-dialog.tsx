import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../ui/app-dialog';

/** docs/product.md#validation: the confirmation must be the localised word, exactly (case and spaces count). */
export function isDeleteConfirmation(typed: string, word: string): boolean {
  return typed === word;
}

export interface DeleteAllDialogProps {
  opened: boolean;
  total: number;
  deleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Delete all photos: confirmed by typing the localised DELETE exactly, else the input shows an error. */
export function DeleteAllDialog({
  opened,
  total,
  deleting,
  onConfirm,
  onClose,
}: DeleteAllDialogProps) {
  const { t } = useTranslation();
  const word = t('photos.deleteAll.word');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setTyped('');
    setError(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isDeleteConfirmation(typed, word)) {
      setError(t('photos.deleteAll.mismatch', { word }));
      return;
    }
    setError(null);
    onConfirm();
  };
  return (
    <AppDialog opened={opened} onClose={close} title={t('photos.deleteAll.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('photos.deleteAll.message', { count: total })}</Text>
          <TextInput
            label={t('photos.deleteAll.instruction', { word })}
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              if (error) setError(null);
            }}
            error={error}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('photos.header.cancel')}
            </Button>
            <Button color="red" type="submit" loading={deleting}>
              {t('photos.deleteAll.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
