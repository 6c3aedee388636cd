import type { ServerConfig } from '../config/server-config.ts';
import type { Db } from '../db/database.ts';
import type { ConfirmationAction } from '../db/tables/account.ts';
import { HttpError } from '../http/http-error.ts';
import type { BrandContext } from './brand-context.ts';
import { confirmationLink, confirmationMail } from './confirmation-mails.ts';
import type { ConfirmationMailKind } from './confirmation-mails.ts';
import { consumeToken, countRecentTokens, issueToken } from './confirmation-token-repository.ts';
import type { MailService } from './mail-service.ts';
import { serverTexts } from './server-texts.ts';

/** What a confirmation flow uses of the app's dependencies (mail sits below `AppDeps`). */
export interface ConfirmationDeps {
  db: Db;
  config: Pick<ServerConfig, 'mail'>;
  mail: MailService;
}

const mailKind: Record<ConfirmationAction, ConfirmationMailKind> = {
  'delete-account': 'deleteAccount',
  'email-change': 'emailChange',
  subscription: 'subscription',
};

export interface ConfirmationRequest {
  action: ConfirmationAction;
  /** The account that asks; null for anonymous subscriptions. */
  userId: string | null;
  /** Where the mail goes (and the address the token is bound to). */
  to: string;
  brand: BrandContext;
  /** Names the input in the 429 error (`params.idpSub`, `params.subscriberAddress`). */
  field: string;
}

/**
 * A confirmation flow (server/src/mail/README.md): a request checks the per-account (or
 * per-address) rate limit, stores a token and mails its link; a confirmation consumes the
 * token, which must belong to the same account or address and action.
 */
export async function requestConfirmation(
  deps: ConfirmationDeps,
  { action, userId, to, brand, field }: ConfirmationRequest,
): Promise<{ expiresAt: string }> {
  const { confirmationMailLimit, confirmationMailWindowSeconds, confirmationTokenTtlSeconds } =
    deps.config.mail;
  const since = new Date(Date.now() - confirmationMailWindowSeconds * 1000);
  const recent = await countRecentTokens(deps.db, {
    action,
    ...(userId ? { userId } : { email: to }),
    since,
  });
  if (recent >= confirmationMailLimit)
    throw new HttpError(429, 'Too many requests, please try again later', field);

  const { token, expiresAt } = await issueToken(deps.db, {
    action,
    userId,
    email: to,
    ttlSeconds: confirmationTokenTtlSeconds,
  });
  const kind = mailKind[action];
  const link = confirmationLink(kind, brand, token, kind === 'subscription' ? to : undefined);
  await deps.mail.deliver(
    confirmationMail(serverTexts(), {
      kind,
      brand,
      to,
      link,
      ttlSeconds: confirmationTokenTtlSeconds,
    }),
  );
  return { expiresAt };
}

/** Consumes a token or answers 404 (unknown, another account's or action's) / 410 (used, expired). */
export async function confirmToken(
  deps: Pick<ConfirmationDeps, 'db'>,
  query: { token: string; action: ConfirmationAction; userId?: string; email?: string },
  field = 'params.confirmationToken',
): Promise<{ email: string; userId: string | null }> {
  const result = await consumeToken(deps.db, query);
  if (result.ok) return { email: result.email, userId: result.userId };
  if (result.reason === 'expired')
    throw new HttpError(410, 'This confirmation link has expired', field);
  if (result.reason === 'used')
    throw new HttpError(410, 'This confirmation link has already been used', field);
  throw new HttpError(404, 'Unknown confirmation link', field);
}
