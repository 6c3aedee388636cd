import { Stack, Title } from '@mantine/core';
import { useContext, useEffect } from 'react';
import type { ReactNode } from 'react';
import { PageTitleContext } from './page-title-context';

export interface PageProps {
  /** The page's one h1, also the document title (with the brand). */
  title: string;
  /** Shown next to the heading (buttons). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A page of the account area: document title, one h1, content. */
export function Page({ title, actions, children }: PageProps) {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => setTitle(title), [setTitle, title]);
  return (
    <Stack gap="lg">
      <div className="page-heading">
        {/* A long word (German and Swedish compound nouns) is hyphenated where the browser
            knows the language, and wraps anyway rather than pushing the page wider than a
            320 px phone. */}
        <Title order={1} size="h2" style={{ hyphens: 'auto', overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {actions}
      </div>
      {children}
    </Stack>
  );
}
