import { createContext } from 'react';

/**
 * Writes the document title for a page's title. The brand feature provides the one that adds the
 * brand ('{title} | {brand}'); this layer names no feature, so `Page` receives the setter here.
 */
export const PageTitleContext = createContext<(title: string) => void>((title) => {
  document.title = title;
});
