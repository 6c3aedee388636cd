import { Anchor } from '@mantine/core';
import type { AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ExternalLinkProps extends AnchorProps {
  href: string;
  children: ReactNode;
  /** Opens in a new tab (announced to screen readers). @default false */
  newTab?: boolean;
  className?: string;
}

/** A link that leaves the app (storefront pages). Only http(s) URLs are rendered as links. */
export function ExternalLink({ href, children, newTab = false, ...props }: ExternalLinkProps) {
  const { t } = useTranslation();
  const safe = /^https?:\/\//i.test(href) ? href : undefined;
  return (
    <Anchor
      href={safe}
      target={newTab ? '_blank' : undefined}
      rel={newTab ? 'noopener noreferrer' : undefined}
      {...props}
    >
      {children}
      {newTab ? <span className="visually-hidden"> {t('common.opensInNewTab')}</span> : null}
    </Anchor>
  );
}
