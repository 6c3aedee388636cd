import type { BrandHost, MenuItem, StorefrontConfig } from '@photo/core/api/schemas/config';
import { languageOf } from '../../config/brand-hosts.ts';

interface MenuTexts {
  help: string;
  contact: string;
  photoBooks: string;
  prints: string;
  wallDecor: string;
  calendars: string;
  gifts: string;
  allProducts: string;
  about: string;
  privacy: string;
  terms: string;
  cookies: string;
}

/** Menu labels per language, as the brands' storefronts name them. */
const texts: Record<
  string,
  MenuTexts & {
    paths: Record<
      | 'photoBooks'
      | 'prints'
      | 'wallDecor'
      | 'calendars'
      | 'gifts'
      | 'about'
      | 'privacy'
      | 'terms'
      | 'cookies',
      string
    >;
  }
> = {
  en: {
    help: 'Help',
    contact: 'Contact us',
    photoBooks: 'Photo books',
    prints: 'Photo prints',
    wallDecor: 'Wall art',
    calendars: 'Calendars',
    gifts: 'Gifts',
    allProducts: 'All products',
    about: 'About us',
    privacy: 'Privacy policy',
    terms: 'Terms and conditions',
    cookies: 'Cookie policy',
    paths: {
      photoBooks: '/photo-books',
      prints: '/photo-prints',
      wallDecor: '/wall-art',
      calendars: '/calendars',
      gifts: '/gifts',
      about: '/about-us',
      privacy: '/privacy',
      terms: '/terms',
      cookies: '/cookies',
    },
  },
  nl: {
    help: 'Klantenservice',
    contact: 'Contact',
    photoBooks: 'Fotoboeken',
    prints: 'Foto afdrukken',
    wallDecor: 'Wanddecoratie',
    calendars: 'Kalenders',
    gifts: 'Cadeaus',
    allProducts: 'Alle producten',
    about: 'Over ons',
    privacy: 'Privacybeleid',
    terms: 'Algemene voorwaarden',
    cookies: 'Cookiebeleid',
    paths: {
      photoBooks: '/fotoboeken',
      prints: '/foto-afdrukken',
      wallDecor: '/wanddecoratie',
      calendars: '/kalenders',
      gifts: '/cadeaus',
      about: '/over-ons',
      privacy: '/privacy',
      terms: '/voorwaarden',
      cookies: '/cookies',
    },
  },
  es: {
    help: 'Ayuda',
    contact: 'Contacto',
    photoBooks: 'Fotolibros',
    prints: 'Copias de fotos',
    wallDecor: 'Decoración de pared',
    calendars: 'Calendarios',
    gifts: 'Regalos',
    allProducts: 'Todos los productos',
    about: 'Quiénes somos',
    privacy: 'Política de privacidad',
    terms: 'Condiciones generales',
    cookies: 'Política de cookies',
    paths: {
      photoBooks: '/fotolibros',
      prints: '/copias-de-fotos',
      wallDecor: '/decoracion',
      calendars: '/calendarios',
      gifts: '/regalos',
      about: '/quienes-somos',
      privacy: '/privacidad',
      terms: '/condiciones',
      cookies: '/cookies',
    },
  },
  fr: {
    help: 'Aide',
    contact: 'Contact',
    photoBooks: 'Livres photo',
    prints: 'Tirages photo',
    wallDecor: 'Décoration murale',
    calendars: 'Calendriers',
    gifts: 'Cadeaux',
    allProducts: 'Tous les produits',
    about: 'Qui sommes-nous',
    privacy: 'Politique de confidentialité',
    terms: 'Conditions générales',
    cookies: 'Politique de cookies',
    paths: {
      photoBooks: '/livre-photo',
      prints: '/tirages-photo',
      wallDecor: '/decoration-murale',
      calendars: '/calendriers',
      gifts: '/cadeaux',
      about: '/qui-sommes-nous',
      privacy: '/confidentialite',
      terms: '/conditions-generales',
      cookies: '/cookies',
    },
  },
  de: {
    help: 'Hilfe',
    contact: 'Kontakt',
    photoBooks: 'Fotobücher',
    prints: 'Fotoabzüge',
    wallDecor: 'Wanddekoration',
    calendars: 'Kalender',
    gifts: 'Geschenke',
    allProducts: 'Alle Produkte',
    about: 'Über uns',
    privacy: 'Datenschutz',
    terms: 'AGB',
    cookies: 'Cookie-Richtlinie',
    paths: {
      photoBooks: '/fotobuch',
      prints: '/fotoabzuege',
      wallDecor: '/wanddeko',
      calendars: '/kalender',
      gifts: '/geschenke',
      about: '/ueber-uns',
      privacy: '/datenschutz',
      terms: '/agb',
      cookies: '/cookies',
    },
  },
  it: {
    help: 'Aiuto',
    contact: 'Contatti',
    photoBooks: 'Fotolibri',
    prints: 'Stampe foto',
    wallDecor: 'Decorazioni da parete',
    calendars: 'Calendari',
    gifts: 'Regali',
    allProducts: 'Tutti i prodotti',
    about: 'Chi siamo',
    privacy: 'Informativa sulla privacy',
    terms: 'Termini e condizioni',
    cookies: 'Politica sui cookie',
    paths: {
      photoBooks: '/fotolibri',
      prints: '/stampe-foto',
      wallDecor: '/decorazioni',
      calendars: '/calendari',
      gifts: '/regali',
      about: '/chi-siamo',
      privacy: '/privacy',
      terms: '/termini',
      cookies: '/cookie',
    },
  },
  da: {
    help: 'Hjælp',
    contact: 'Kontakt',
    photoBooks: 'Fotobøger',
    prints: 'Fotoaftryk',
    wallDecor: 'Vægdekoration',
    calendars: 'Kalendere',
    gifts: 'Gaver',
    allProducts: 'Alle produkter',
    about: 'Om os',
    privacy: 'Privatlivspolitik',
    terms: 'Handelsbetingelser',
    cookies: 'Cookiepolitik',
    paths: {
      photoBooks: '/fotobog',
      prints: '/fotoaftryk',
      wallDecor: '/vaegdekoration',
      calendars: '/kalendere',
      gifts: '/gaver',
      about: '/om-os',
      privacy: '/privatliv',
      terms: '/betingelser',
      cookies: '/cookies',
    },
  },
  pt: {
    help: 'Ajuda',
    contact: 'Contacto',
    photoBooks: 'Fotolivros',
    prints: 'Impressões de fotos',
    wallDecor: 'Decoração de parede',
    calendars: 'Calendários',
    gifts: 'Presentes',
    allProducts: 'Todos os produtos',
    about: 'Sobre nós',
    privacy: 'Política de privacidade',
    terms: 'Termos e condições',
    cookies: 'Política de cookies',
    paths: {
      photoBooks: '/fotolivros',
      prints: '/impressoes',
      wallDecor: '/decoracao',
      calendars: '/calendarios',
      gifts: '/presentes',
      about: '/sobre-nos',
      privacy: '/privacidade',
      terms: '/termos',
      cookies: '/cookies',
    },
  },
  nb: {
    help: 'Hjelp',
    contact: 'Kontakt oss',
    photoBooks: 'Fotobøker',
    prints: 'Papirbilder',
    wallDecor: 'Veggdekor',
    calendars: 'Kalendere',
    gifts: 'Gaver',
    allProducts: 'Alle produkter',
    about: 'Om oss',
    privacy: 'Personvern',
    terms: 'Vilkår',
    cookies: 'Informasjonskapsler',
    paths: {
      photoBooks: '/fotobok',
      prints: '/fotokopier',
      wallDecor: '/veggdekor',
      calendars: '/kalendere',
      gifts: '/gaver',
      about: '/om-oss',
      privacy: '/personvern',
      terms: '/vilkar',
      cookies: '/cookies',
    },
  },
  sv: {
    help: 'Hjälp',
    contact: 'Kontakta oss',
    photoBooks: 'Fotoböcker',
    prints: 'Fotokopior',
    wallDecor: 'Väggdekor',
    calendars: 'Kalendrar',
    gifts: 'Presenter',
    allProducts: 'Alla produkter',
    about: 'Om oss',
    privacy: 'Integritetspolicy',
    terms: 'Villkor',
    cookies: 'Cookiepolicy',
    paths: {
      photoBooks: '/fotobok',
      prints: '/fotokopior',
      wallDecor: '/vaggdekor',
      calendars: '/kalendrar',
      gifts: '/presenter',
      about: '/om-oss',
      privacy: '/integritet',
      terms: '/villkor',
      cookies: '/cookies',
    },
  },
};

/**
 * The storefront config service's answer for one brand host (docs/product.md#data Config, docs/product.md#apis): header and
 * footer menus with the brand's own labels, every URL on the brand's public storefront.
 */
export function storefrontConfigFor(brand: BrandHost): StorefrontConfig {
  const t = texts[languageOf(brand.locale)] ?? texts.en!;
  const origin = brand.canonicalOrigin;
  const item = (label: string, path: string): MenuItem => ({ label, url: `${origin}${path}` });
  const routes = brand.storefrontRoutes;
  return {
    menus: {
      top: [
        { label: t.help, url: routes.FAQ },
        { label: t.contact, url: routes.ContactUs },
      ],
      main: [
        item(t.photoBooks, t.paths.photoBooks),
        item(t.prints, t.paths.prints),
        item(t.wallDecor, t.paths.wallDecor),
        item(t.calendars, t.paths.calendars),
        item(t.gifts, t.paths.gifts),
        { label: t.allProducts, url: routes.AllProducts },
      ],
      footer: [
        item(t.about, t.paths.about),
        item(t.privacy, t.paths.privacy),
        item(t.terms, t.paths.terms),
        item(t.cookies, t.paths.cookies),
      ],
    },
    routes,
  };
}

/** Cookie policy link for the cookie consent dialog of a brand. */
export function cookiePolicyUrl(brand: BrandHost): string {
  const t = texts[languageOf(brand.locale)] ?? texts.en!;
  return `${brand.canonicalOrigin}${t.paths.cookies}`;
}
