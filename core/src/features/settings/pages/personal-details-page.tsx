import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { personalDetailsSchema } from '../../../api/schemas/personal-details';
import type { PersonalDetailsInput } from '../../../api/schemas/personal-details';
import type { Customer } from '../../../api/schemas/customer';
import { Page } from '../../../ui/page';
import { useBrand } from '../../brand/brand-context';
import { useGetCustomerQuery } from '../../customer/api';
import { useSavePersonalDetailsMutation } from '../../customer/customer-settings-api';
import { SavedNotice, SettingsLoadError, UnexpectedError } from '../components/settings-alerts';
import { useFieldError } from '../form-messages';
import { BackToSettings } from './back-to-settings';
import { LoadingSpinner } from '../../../ui/loading-screen';

/** docs/product.md#screens /settings/personal-details: name and phone number (valid in the brand's country). */
export function PersonalDetailsPage() {
  const { t } = useTranslation();
  const customer = useGetCustomerQuery();
  return (
    <Page title={t('shell.settings.personalDetailsTitle')}>
      {customer.error ? (
        <SettingsLoadError query={customer} />
      ) : customer.data ? (
        <PersonalDetailsForm customer={customer.data} />
      ) : (
        <LoadingSpinner />
      )}
      <BackToSettings />
    </Page>
  );
}

function PersonalDetailsForm({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const fieldError = useFieldError();
  const [save, saving] = useSavePersonalDetailsMutation();
  const schema = useMemo(() => personalDetailsSchema(brand.country), [brand.country]);
  const form = useForm<PersonalDetailsInput>({
    resolver: zodResolver(schema),
    defaultValues: {
      firstName: customer.firstName ?? '',
      lastName: customer.lastName ?? '',
      phoneNumber: customer.phoneNumber ?? '',
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await save({ ...values, phoneNumber: values.phoneNumber || null });
    // The saved values become the form's new starting point (the notice shows until the next edit).
    if ('data' in result) form.reset(values);
  });

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            {...form.register('firstName')}
            label={t('settings.fields.firstName')}
            autoComplete="given-name"
            error={fieldError(errors.firstName?.message)}
            required
          />
          <TextInput
            {...form.register('lastName')}
            label={t('settings.fields.lastName')}
            autoComplete="family-name"
            error={fieldError(errors.lastName?.message)}
            required
          />
          <TextInput
            {...form.register('phoneNumber')}
            type="tel"
            label={t('settings.fields.phoneNumber')}
            description={t('settings.fields.optional')}
            autoComplete="tel"
            error={fieldError(errors.phoneNumber?.message)}
          />
          {saving.isError ? <UnexpectedError /> : null}
          {saving.isSuccess && !form.formState.isDirty ? <SavedNotice /> : null}
          <Group>
            <Button type="submit" loading={saving.isLoading}>
              {t('settings.personalDetails.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
