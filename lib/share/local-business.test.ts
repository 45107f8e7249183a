import { SHOP } from '@/lib/shop';

import { localBusinessJsonLd } from './local-business';

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
