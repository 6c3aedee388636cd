import { findBrandHost, languageOf } from '../../config/brand-hosts.ts';

/**
 * The articles of the reference catalogue as the order service names them to customers, per
 * language of the brand locales (docs/product.md#data "Product names"), and the delivery days
 * each article is promised in: the order date plus these days is the last day of its delivery
 * window (`expectedDeliveryBy`).
 */
const articles = {
  PAP_910: {
    days: 6,
    title: {
      en: 'Photo prints 10×15',
      nl: 'Fotoafdrukken 10×15',
      de: 'Fotoabzüge 10×15',
      fr: 'Tirages photo 10×15',
      es: 'Copias de fotos 10×15',
      it: 'Stampe fotografiche 10×15',
      da: 'Fotoprint 10×15',
      pt: 'Impressões de fotos 10×15',
      nb: 'Papirbilder 10×15',
      sv: 'Fotokopior 10×15',
    },
  },
  PAP_913: {
    days: 6,
    title: {
      en: 'Photo prints 13×18',
      nl: 'Fotoafdrukken 13×18',
      de: 'Fotoabzüge 13×18',
      fr: 'Tirages photo 13×18',
      es: 'Copias de fotos 13×18',
      it: 'Stampe fotografiche 13×18',
      da: 'Fotoprint 13×18',
      pt: 'Impressões de fotos 13×18',
      nb: 'Papirbilder 13×18',
      sv: 'Fotokopior 13×18',
    },
  },
  BOOK_HC_A4: {
    days: 10,
    title: {
      en: 'Hardcover photo book A4',
      nl: 'Fotoboek hardcover A4',
      de: 'Fotobuch Hardcover A4',
      fr: 'Livre photo couverture rigide A4',
      es: 'Fotolibro de tapa dura A4',
      it: 'Fotolibro con copertina rigida A4',
      da: 'Fotobog med hårdt omslag A4',
      pt: 'Fotolivro de capa dura A4',
      nb: 'Fotobok med hardt omslag A4',
      sv: 'Fotobok med hårda pärmar A4',
    },
  },
  BOOK_SC_A5: {
    days: 10,
    title: {
      en: 'Softcover photo book A5',
      nl: 'Fotoboek softcover A5',
      de: 'Fotobuch Softcover A5',
      fr: 'Livre photo couverture souple A5',
      es: 'Fotolibro de tapa blanda A5',
      it: 'Fotolibro con copertina morbida A5',
      da: 'Fotobog med blødt omslag A5',
      pt: 'Fotolivro de capa mole A5',
      nb: 'Fotobok med mykt omslag A5',
      sv: 'Fotobok med mjuka pärmar A5',
    },
  },
  CANVAS_3040: {
    days: 8,
    title: {
      en: 'Canvas print 30×40',
      nl: 'Foto op canvas 30×40',
      de: 'Leinwanddruck 30×40',
      fr: 'Toile photo 30×40',
      es: 'Lienzo fotográfico 30×40',
      it: 'Stampa su tela 30×40',
      da: 'Lærredsprint 30×40',
      pt: 'Impressão em tela 30×40',
      nb: 'Lerretsbilde 30×40',
      sv: 'Canvastavla 30×40',
    },
  },
  CAL_A3: {
    days: 8,
    title: {
      en: 'Wall calendar A3',
      nl: 'Wandkalender A3',
      de: 'Wandkalender A3',
      fr: 'Calendrier mural A3',
      es: 'Calendario de pared A3',
      it: 'Calendario da parete A3',
      da: 'Vægkalender A3',
      pt: 'Calendário de parede A3',
      nb: 'Veggkalender A3',
      sv: 'Väggkalender A3',
    },
  },
  CARD_XMAS: {
    days: 8,
    title: {
      en: 'Christmas cards (20)',
      nl: 'Kerstkaarten (20)',
      de: 'Weihnachtskarten (20)',
      fr: 'Cartes de Noël (20)',
      es: 'Tarjetas de Navidad (20)',
      it: 'Biglietti di Natale (20)',
      da: 'Julekort (20)',
      pt: 'Postais de Natal (20)',
      nb: 'Julekort (20)',
      sv: 'Julkort (20)',
    },
  },
  MUG_CLASSIC: {
    days: 8,
    title: {
      en: 'Classic photo mug',
      nl: 'Klassieke fotomok',
      de: 'Klassische Fototasse',
      fr: 'Mug photo classique',
      es: 'Taza con foto clásica',
      it: 'Tazza fotografica classica',
      da: 'Klassisk fotokrus',
      pt: 'Caneca com foto clássica',
      nb: 'Klassisk fotokopp',
      sv: 'Klassisk fotomugg',
    },
  },
  VOUCHER_GIFT: {
    days: 8,
    title: {
      en: 'Gift voucher',
      nl: 'Cadeaubon',
      de: 'Geschenkgutschein',
      fr: 'Carte cadeau',
      es: 'Tarjeta regalo',
      it: 'Buono regalo',
      da: 'Gavekort',
      pt: 'Vale-oferta',
      nb: 'Gavekort',
      sv: 'Presentkort',
    },
  },
} as const;

export type CatalogueArticle = keyof typeof articles;

function known(articleType: string): articleType is CatalogueArticle {
  return Object.hasOwn(articles, articleType);
}

/** The English name of an article (what the order rows store), or undefined for unknown ones. */
export function englishArticleTitle(articleType: string): string | undefined {
  return known(articleType) ? articles[articleType].title.en : undefined;
}

/** The English name of a catalogue article, as the reference catalogue seeds it. */
export function catalogueTitle(articleType: CatalogueArticle): string {
  return articles[articleType].title.en;
}

/**
 * A product's name in `locale`: the catalogue's name of its article in that language; a title
 * the catalogue does not know (another article) stays as stored.
 */
export function articleTitle(articleType: string, stored: string, locale: string): string {
  if (!known(articleType)) return stored;
  const titles: Record<string, string> = articles[articleType].title;
  return titles[languageOf(locale)] ?? stored;
}

/**
 * A catalogue article's name in `language` (`en`, `nl`, …); undefined for another article or a
 * language the catalogue does not name it in (then the stored title stands, as in
 * `articleTitle`).
 */
export function catalogueTitleIn(articleType: string, language: string): string | undefined {
  if (!known(articleType)) return undefined;
  const titles: Record<string, string> = articles[articleType].title;
  return Object.hasOwn(titles, language) ? titles[language] : undefined;
}

/** Whether the catalogue names this article per language (`articleTitle` may change it). */
export function isCatalogueArticle(articleType: string): boolean {
  return known(articleType);
}

/** Days after the order the article is promised to be delivered by; undefined when unknown. */
export function promisedDeliveryDays(articleType: string): number | undefined {
  return known(articleType) ? articles[articleType].days : undefined;
}

/**
 * The last day (ISO date) of an order's delivery window: its date plus the longest promised
 * days of its articles; null when one of them is not in the catalogue.
 */
export function expectedDeliveryBy(
  createdAt: string,
  articleTypes: readonly string[],
): string | null {
  const days = articleTypes.map(promisedDeliveryDays);
  if (days.length === 0 || days.some((value) => value === undefined)) return null;
  const longest = Math.max(...(days as number[]));
  return new Date(Date.parse(createdAt) + longest * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The locale the order API answers in: that of the brand host the request came on; on another
 * host (an IP address, the desktop app's loopback) the order's own sales channel decides.
 */
export function requestLocale(host: string | undefined): string | undefined {
  return host ? findBrandHost(host)?.locale : undefined;
}
