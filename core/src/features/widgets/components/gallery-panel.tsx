import { Alert, Badge, Button, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GalleryCategory, Widget } from '../../../api/schemas/widget';
import { useAppSelector } from '../../../store/hooks';
import {
  useCreateGalleryEntryMutation,
  useDeleteGalleryEntryMutation,
  useGetBlockedOrderQuery,
  useGetCategoriesQuery,
  useGetGalleryEntryQuery,
  useUpdateGalleryEntryMutation,
} from '../api';
import { selectGalleryRequests } from '../widgets-slice';
import { LoadingSpinner } from '../../../ui/loading-screen';

/**
 * The customer's words for a gallery category. The API names categories in English (entries
 * carry those names); the texts are in the locale files by category id, and a category the texts
 * do not know yet keeps the API's name (docs/product.md#data Widget).
 */
function useCategoryLabel(): (name: string) => string {
  const { t } = useTranslation();
  const { data: categories = [] } = useGetCategoriesQuery();
  return useCallback(
    (name: string) => {
      const category = categories.find((item: GalleryCategory) => item.name === name);
      return category
        ? t(`widgets.gallery.categoryNames.${category.id}`, { defaultValue: category.name })
        : name;
    },
    [categories, t],
  );
}

function EntryForm({
  initialTitle,
  initialCategories,
  busy,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initialTitle: string;
  initialCategories: string[];
  busy: boolean;
  submitLabel: string;
  onSubmit: (title: string, categories: string[]) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const { data: categories = [] } = useGetCategoriesQuery();
  const categoryLabel = useCategoryLabel();
  const [title, setTitle] = useState(initialTitle);
  const [chosen, setChosen] = useState(initialCategories);
  const invalid = title.trim() === '' || title.trim().length > 120;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!invalid) onSubmit(title.trim(), chosen);
      }}
    >
      <Stack gap="xs">
        <TextInput
          label={t('widgets.gallery.entryTitle')}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          required
          error={invalid ? t('widgets.gallery.titleError') : undefined}
        />
        <MultiSelect
          label={t('widgets.gallery.categories')}
          data={categories.map((category) => ({
            value: category.name,
            label: categoryLabel(category.name),
          }))}
          value={chosen}
          onChange={setChosen}
          maxValues={10}
          clearable
        />
        <Group>
          <Button type="submit" size="xs" loading={busy} disabled={invalid}>
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button size="xs" variant="default" onClick={onCancel} disabled={busy}>
              {t('common.cancel')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A widget's entry in the brand's public gallery: add, read, change and remove, each call's
 * state on its own (docs/product.md#states Widget). A blocked order cannot be shown there.
 */
export function GalleryPanel({ widget, channel }: { widget: Widget; channel: string }) {
  const { t } = useTranslation();
  const requests = useAppSelector((state) => selectGalleryRequests(state, widget.id));
  const { data: blocked } = useGetBlockedOrderQuery(widget.orderCode);
  const entryId = widget.galleryEntryId;
  const entry = useGetGalleryEntryQuery({ id: entryId ?? '', channel }, { skip: !entryId });
  const [create] = useCreateGalleryEntryMutation();
  const [update] = useUpdateGalleryEntryMutation();
  const [remove] = useDeleteGalleryEntryMutation();
  const [editing, setEditing] = useState(false);
  const categoryLabel = useCategoryLabel();

  if (blocked?.blocked)
    return (
      <Text size="sm" c="dimmed">
        {t('widgets.gallery.blocked')}
      </Text>
    );
  if (!entryId)
    return (
      <Stack gap="xs">
        <Text size="sm">{t('widgets.gallery.notInGallery')}</Text>
        {requests.create === 'Failed' ? (
          <Alert color="red" role="alert">
            {t('widgets.gallery.createFailed')}
          </Alert>
        ) : null}
        <EntryForm
          initialTitle={widget.title}
          initialCategories={[]}
          busy={requests.create === 'InProgress'}
          submitLabel={t('widgets.gallery.add')}
          onSubmit={(title, categories) =>
            void create({ widgetId: widget.id, channel, title, categories })
          }
        />
      </Stack>
    );
  if (entry.isLoading) return <LoadingSpinner size="sm" />;
  if (entry.isError || !entry.data)
    return (
      <Alert color="red" role="alert">
        {t('widgets.gallery.readFailed')}
      </Alert>
    );
  const current = entry.data;
  return (
    <Stack gap="xs">
      {editing ? (
        <EntryForm
          initialTitle={current.title}
          initialCategories={current.categories}
          busy={requests.update === 'InProgress'}
          submitLabel={t('widgets.gallery.save')}
          onCancel={() => setEditing(false)}
          onSubmit={(title, categories) =>
            void update({ widgetId: widget.id, channel, changes: { title, categories } })
              .unwrap()
              .then(() => setEditing(false))
              .catch(() => undefined)
          }
        />
      ) : (
        <>
          <Text size="sm">{t('widgets.gallery.inGallery', { title: current.title })}</Text>
          <Group gap={4}>
            {current.categories.map((name) => (
              <Badge key={name} variant="light" tt="none">
                {categoryLabel(name)}
              </Badge>
            ))}
          </Group>
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => setEditing(true)}>
              {t('widgets.gallery.edit')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={requests.delete === 'InProgress'}
              onClick={() => void remove({ id: current.id, widgetId: widget.id, channel })}
            >
              {t('widgets.gallery.remove')}
            </Button>
          </Group>
        </>
      )}
      {requests.update === 'Failed' ? (
        <Alert color="red" role="alert">
          {t('widgets.gallery.updateFailed')}
        </Alert>
      ) : null}
      {requests.delete === 'Failed' ? (
        <Alert color="red" role="alert">
          {t('widgets.gallery.deleteFailed')}
        </Alert>
      ) : null}
    </Stack>
  );
}
