import { createTranslator } from 'next-intl';

import type { AppLocale } from '@/lib/i18n/locales';
import { openingHoursText, SHOP } from '@/lib/shop';
import en from '@/messages/en.json';
import ptBR from '@/messages/pt-BR.json';

import { localBusinessJsonLd } from './local-business';

const MESSAGES = { en, 'pt-BR': ptBR as typeof en };

describe('localBusinessJsonLd', () => {
  const data = localBusinessJsonLd({
    url: 'https://shop.example/pt-BR',
    image: 'https://shop.example/pt-BR/opengraph-image',
    description: 'Ovos de Páscoa',
  });

  it('is a schema.org Store with the shop name, phone and Brazilian address', () => {
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('Store');
    expect(data.name).toBe(SHOP.name);
    expect(data.telephone).toBe('+551134567890');
    expect(data.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: 'Rua dos Cacaueiros, 123 - Vila Madalena',
      addressLocality: 'São Paulo',
      addressRegion: 'SP',
      postalCode: '05433-000',
      addressCountry: 'BR',
    });
    expect(data).not.toHaveProperty('geo');
  });

  it('gives one opening-hours block per range, Monday to Friday', () => {
    expect(data.openingHoursSpecification).toEqual([
      expect.objectContaining({ opens: '09:00', closes: '12:00' }),
      expect.objectContaining({ opens: '13:00', closes: '18:00' }),
    ]);
    for (const block of data.openingHoursSpecification) {
      expect(block.dayOfWeek).toEqual([
        'https://schema.org/Monday',
        'https://schema.org/Tuesday',
        'https://schema.org/Wednesday',
        'https://schema.org/Thursday',
        'https://schema.org/Friday',
      ]);
    }
  });
});

describe('the opening hours shown on the pages', () => {
  const shown = (locale: AppLocale, shop: typeof SHOP = SHOP) => {
    const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'Contact' });
    return openingHoursText((days) => t('weekdays', days), shop);
  };

  it('read as the shop has always shown them, in both languages', () => {
    expect(shown('pt-BR')).toEqual(['Segunda a sexta', '09:00-12:00', '13:00-18:00']);
    expect(shown('en')).toEqual(['Monday to Friday', '09:00-12:00', '13:00-18:00']);
  });

  it('follow lib/shop.ts, as the structured data does', () => {
    const shop = {
      ...SHOP,
      openingHours: {
        days: ['Tu', 'We', 'Th', 'Fr', 'Sa'],
        ranges: [{ opens: '10:00', closes: '19:00' }],
      },
    } as unknown as typeof SHOP;
    expect(shown('pt-BR', shop)).toEqual(['Terça a sábado', '10:00-19:00']);
    expect(shown('en', shop)).toEqual(['Tuesday to Saturday', '10:00-19:00']);
    const data = localBusinessJsonLd({ url: 'u', image: 'i', description: 'd', shop });
    expect(data.openingHoursSpecification).toEqual([
      expect.objectContaining({ opens: '10:00', closes: '19:00' }),
    ]);
  });
});
