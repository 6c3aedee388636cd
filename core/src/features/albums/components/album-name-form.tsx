import { Button, Group, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { albumNameErrorKey, albumNameFormSchema } from '../album-name';
import type { AlbumNameForm as AlbumNameValues } from '../album-name';

export interface AlbumNameFormProps {
  /** Starting value of the field. @default '' */
  defaultName?: string;
  /** Text of the submit button. */
  submitLabel: string;
  /** Called with a valid name only; nothing reaches the server otherwise. */
  onSubmit: (name: string) => Promise<void> | void;
  /** Extra buttons next to submit (e.g. Cancel). */
  secondaryAction?: React.ReactNode;
  /** Disables the submit button while the request runs. @default false */
  busy?: boolean;
  /** Focus the field when shown. @default true */
  autoFocus?: boolean;
  /** Label of the field (shown to screen readers only when `hideLabel`). */
  hideLabel?: boolean;
  /** Escape in the form cancels (the inline rename; a dialog's own Escape closes the dialog). */
  onCancel?: () => void;
}

/**
 * The album name field of create, inline-create and rename (docs/product.md#validation): react-hook-form with the
 * shared zod schema, validated on submit only (never on blur or while typing).
 */
export function AlbumNameForm({
  defaultName = '',
  submitLabel,
  onSubmit,
  secondaryAction,
  busy = false,
  autoFocus = true,
  hideLabel = false,
  onCancel,
}: AlbumNameFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AlbumNameValues>({
    resolver: zodResolver(albumNameFormSchema),
    defaultValues: { name: defaultName },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const errorKey = albumNameErrorKey(errors.name?.message);

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(values.name))}
      onKeyDown={(event) => {
        if (onCancel && event.key === 'Escape' && !event.nativeEvent.isComposing) {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <TextInput
        label={t('albums.nameLabel')}
        labelProps={hideLabel ? { className: 'visually-hidden' } : undefined}
        placeholder={t('albums.namePlaceholder')}
        error={errorKey ? t(errorKey) : undefined}
        data-autofocus={autoFocus || undefined}
        autoComplete="off"
        {...register('name')}
      />
      <Group justify="flex-end" mt="md">
        {secondaryAction}
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
