import { Alert, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import type { Widget } from '../../../api/schemas/widget';
import { AppDialog } from '../../../ui/app-dialog';
import { firstField, useFocusOnResult } from '../../../ui/focus-result';
import { useShareWidgetMutation } from '../api';

/** The share form: the same limits as the share call (`widgetShareQuerySchema`). */
const shareFormSchema = z.object({
  fromName: z.string().check(z.trim(), z.minLength(1, 'fromName'), z.maxLength(100, 'fromName')),
  toEmailAddress: z
    .string()
    .check(z.trim(), z.email('toEmailAddress'), z.maxLength(254, 'toEmailAddress')),
  personalMessage: z.string().check(z.maxLength(1000, 'personalMessage')),
});
type ShareForm = z.infer<typeof shareFormSchema>;

export interface ShareWidgetDialogProps {
  /** The widget to share; null closes the dialog. */
  widget: Widget | null;
  onClose: () => void;
}

/**
 * Share a widget by e-mail (docs/product.md#states Widget): the sender's name, the recipient
 * (sent base64-encoded) and a personal message; after a share the form can be reset for the
 * next recipient. Focus follows the answer (docs/product.md#focus): the sent or failed message,
 * and the first field again for the next recipient.
 */
export function ShareWidgetDialog({ widget, onClose }: ShareWidgetDialogProps) {
  const { t } = useTranslation();
  const [share, { isLoading, isSuccess, isError, reset: resetShare, originalArgs }] =
    useShareWidgetMutation();
  const {
    register,
    handleSubmit,
    reset: resetForm,
    formState: { errors },
  } = useForm<ShareForm>({
    resolver: zodResolver(shareFormSchema),
    defaultValues: { fromName: '', toEmailAddress: '', personalMessage: '' },
  });
  const sent = useRef<HTMLDivElement>(null);
  const failed = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // Each answer is a new key; 'again' counts, so a second share's form focuses its first field.
  const [rounds, setRounds] = useState(0);
  useFocusOnResult(sent, isSuccess ? 'sent' : null);
  useFocusOnResult(failed, isError ? 'failed' : null);
  useFocusOnResult(() => firstField(form.current), rounds || null);
  const close = () => {
    resetShare();
    resetForm();
    onClose();
  };
  const again = () => {
    resetShare();
    resetForm({ fromName: originalArgs?.fromName ?? '', toEmailAddress: '', personalMessage: '' });
    setRounds((count) => count + 1);
  };
  return (
    <AppDialog
      opened={widget !== null}
      onClose={close}
      title={t('widgets.share.title', { title: widget?.title ?? '' })}
    >
      {isSuccess ? (
        <Stack gap="md">
          <Alert ref={sent} color="green" role="status">
            {t('widgets.share.sent', { email: originalArgs?.toEmailAddress ?? '' })}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={again}>
              {t('widgets.share.again')}
            </Button>
            <Button onClick={close}>{t('common.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          ref={form}
          noValidate
          onSubmit={handleSubmit((values) => {
            if (!widget) return;
            void share({
              code: widget.code,
              vendorId: widget.vendorId,
              fromName: values.fromName.trim(),
              toEmailAddress: values.toEmailAddress.trim(),
              personalMessage: values.personalMessage,
            });
          })}
        >
          <Stack gap="sm">
            {isError ? (
              <Alert ref={failed} color="red" role="alert">
                {t('widgets.share.failed')}
              </Alert>
            ) : null}
            <TextInput
              label={t('widgets.share.fromName')}
              required
              error={errors.fromName ? t('widgets.share.fromNameError') : undefined}
              {...register('fromName')}
            />
            <TextInput
              label={t('widgets.share.toEmailAddress')}
              type="email"
              required
              error={errors.toEmailAddress ? t('widgets.share.emailError') : undefined}
              {...register('toEmailAddress')}
            />
            <Textarea
              label={t('widgets.share.personalMessage')}
              rows={3}
              error={errors.personalMessage ? t('widgets.share.messageError') : undefined}
              {...register('personalMessage')}
            />
            <Text size="xs" c="dimmed">
              {t('widgets.share.privacy')}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={isLoading}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={isLoading}>
                {t('widgets.share.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AppDialog>
  );
}
