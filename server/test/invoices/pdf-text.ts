import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of every page of a PDF, read with Mozilla's PDF.js as a PDF reader would: a file
 * that does not parse throws. Runs of whitespace (incl. no-break spaces) become one space.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string[] }> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const text: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    text.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await document.destroy();
  return { pages: text.length, text };
}

/** Money as the PDFs print it, with plain spaces (see pdfText). */
export function moneyText(amountMinor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency })
    .format(amountMinor / 100)
    .replace(/\s+/g, ' ');
}
