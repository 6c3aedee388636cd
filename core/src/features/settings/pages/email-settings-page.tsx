import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { useBrand } from '../../brand/brand-context';
import { useIdentity } from '../../auth/use-identity';
import { firstField, useFocusOnResult } from '../../../ui/focus-result';
import { Page } from '../../../ui/page';
import { useRequestEmailChangeMutation } from '../identity-requests-api';
import { useIdentityRequest } from '../use-identity-request';
import { BackToSettings } from './back-to-settings';

const emailFormSchema = z.object({
  email: z.email().check(z.maxLength(254)),
});
type EmailForm = z.infer<typeof emailFormSchema>;

/**
 * docs/product.md#screens /settings/email and /settings/b2b/email: ask for the change; the link
 * goes to the new address and is confirmed on /change-email-confirmation. docs/product.md#states:
 * 409 says the address is in use, 429 too many requests, anything else the generic message.
 * Focus goes to the answer (docs/product.md#focus), and back to the field for another address.
 */
export function EmailSettingsPage() {
  const { t } = useTranslation();
  const { email } = useIdentity();
  const brand = useBrand();
  const [trigger] = useRequestEmailChangeMutation();
  const { state, send, reset } = useIdentityRequest(trigger);
  const form = useForm<EmailForm>({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: '' },
  });
  const requested = form.watch('email');
  const answer = useRef<HTMLDivElement>(null);
  const formElement = useRef<HTMLFormElement>(null);
  const [another, setAnother] = useState(0);
  useFocusOnResult(
    answer,
    state.status === 'received' || state.status === 'failed'
      ? `${state.status}:${state.status === 'failed' ? state.reason : ''}`
      : null,
  );
  useFocusOnResult(() => firstField(formElement.current), another || null);

  const onSubmit = form.handleSubmit(async (values) => {
    if (values.email.trim().toLowerCase() === email.toLowerCase()) {
      form.setError('email', { message: 'same' }, { shouldFocus: true });
      return;
    }
    await send({ email: values.email.trim(), channel: brand.channel });
  });

  const errorText = (() => {
    const message = form.formState.errors.email?.message;
    if (message === undefined) return undefined;
    return message === 'same' ? t('settings.email.sameAsCurrent') : t('settings.email.invalid');
  })();

  return (
    <Page title={t('shell.settings.emailTitle')}>
      <Text>{t('shell.settings.currentEmail', { email })}</Text>
      <Paper withBorder p="lg" radius="md">
        {state.status === 'received' ? (
          <Stack gap="sm" align="flex-start">
            <Alert ref={answer} color="green" role="status" w="100%">
              {t('settings.email.received', { email: requested })}
            </Alert>
            <Button
              variant="default"
              onClick={() => {
                reset();
                form.reset({ email: '' });
                setAnother((count) => count + 1);
              }}
            >
              {t('settings.email.another')}
            </Button>
          </Stack>
        ) : (
          <form ref={formElement} onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              <TextInput
                {...form.register('email', {
                  onChange: () => state.status === 'failed' && reset(),
                })}
                type="email"
                autoComplete="email"
                label={t('settings.email.newEmail')}
                error={errorText}
                required
              />
              {state.status === 'failed' ? (
                <Alert ref={answer} color="red" role="alert">
                  {state.reason === 'emailInUse'
                    ? t('settings.email.inUse')
                    : state.reason === 'tooManyRequests'
                      ? t('settings.email.tooManyRequests')
                      : t('settings.unexpectedError')}
                </Alert>
              ) : null}
              <Group>
                <Button type="submit" loading={state.status === 'inProgress'}>
                  {t('settings.email.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Paper>
      <BackToSettings />
    </Page>
  );
}
