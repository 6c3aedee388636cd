import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Group,
  List,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { callbackFormats, callbackUrlSchema } from '../../../api/schemas/customer';
import type { Customer } from '../../../api/schemas/customer';
import { Page } from '../../../ui/page';
import { useGetCustomerQuery } from '../../customer/api';
import { useSaveIntegrationMutation } from '../../customer/customer-settings-api';
import { SavedNotice, SettingsLoadError, UnexpectedError } from '../components/settings-alerts';
import { LoadingSpinner } from '../../../ui/loading-screen';

/** The form: an empty URL clears the callback; otherwise http or https only (docs/product.md#validation). */
const integrationFormSchema = z.object({
  callbackUrl: z.union([z.literal(''), callbackUrlSchema]),
  callbackFormat: z.enum(callbackFormats),
});
type IntegrationForm = z.infer<typeof integrationFormSchema>;

/**
 * docs/product.md#screens /integration (business only): the FTP instructions and the callback
 * the retailer calls when a delivery has been processed, saved by PATCH /customers/me.
 */
export function IntegrationPage() {
  const { t } = useTranslation();
  const customer = useGetCustomerQuery();
  return (
    <Page title={t('shell.integration.title')}>
      <Text>{t('shell.integration.intro')}</Text>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="ftp-steps">
        <Title order={2} size="h4" id="ftp-steps" mb="sm">
          {t('settings.integration.stepsTitle')}
        </Title>
        <List type="ordered" spacing="xs">
          <List.Item>{t('settings.integration.step1')}</List.Item>
          <List.Item>{t('settings.integration.step2')}</List.Item>
          <List.Item>{t('settings.integration.step3')}</List.Item>
        </List>
      </Paper>
      {customer.error ? (
        <SettingsLoadError query={customer} />
      ) : customer.data ? (
        <CallbackForm customer={customer.data} />
      ) : (
        <LoadingSpinner />
      )}
    </Page>
  );
}

function CallbackForm({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const [save, saving] = useSaveIntegrationMutation();
  const form = useForm<IntegrationForm>({
    resolver: zodResolver(integrationFormSchema),
    defaultValues: {
      callbackUrl: customer.callbackUrl ?? '',
      callbackFormat: customer.callbackFormat === 'xml' ? 'xml' : 'json',
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await save({
      callbackUrl: values.callbackUrl || null,
      callbackFormat: values.callbackUrl ? values.callbackFormat : null,
    });
    if ('data' in result) form.reset(values);
  });

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="ftp-callback">
      <Title order={2} size="h4" id="ftp-callback" mb="xs">
        {t('settings.integration.callbackTitle')}
      </Title>
      {customer.callbackUrl ? null : (
        <Text c="dimmed" mb="sm">
          {t('shell.integration.notConfigured')}
        </Text>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            {...form.register('callbackUrl')}
            type="url"
            inputMode="url"
            label={t('shell.integration.callbackUrl')}
            description={t('settings.integration.callbackUrlHint')}
            // The field's one rule (http or https); its own text keeps this page free of the
            // address rules and their phone-number metadata.
            error={errors.callbackUrl ? t('settings.validation.callbackUrl') : undefined}
          />
          <NativeSelect
            {...form.register('callbackFormat')}
            label={t('shell.integration.callbackFormat')}
            data={callbackFormats.map((format) => ({
              value: format,
              label: format.toUpperCase(),
            }))}
          />
          {saving.isError ? <UnexpectedError /> : null}
          {saving.isSuccess && !form.formState.isDirty ? <SavedNotice /> : null}
          <Group>
            <Button type="submit" loading={saving.isLoading}>
              {t('settings.integration.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
