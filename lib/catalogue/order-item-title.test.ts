import { getSeedProduct as getProduct } from './seed';
import { orderItemTitle } from './order-item-title';

const ptTitle = (key: string) => getProduct(key)?.title['pt-BR'];

describe('orderItemTitle', () => {
  it("shows the catalogue title in the viewer's language, whatever language the order was in", () => {
    expect(
      orderItemTitle({ key: 'ovo-tropical-rio', translatedTitle: 'Tropical Rio Egg' }, ptTitle),
    ).toBe('Ovo Tropical Rio');
  });

  it('falls back to the stored title for a key no longer in the catalogue, or no key', () => {
    expect(orderItemTitle({ key: 'ovo-antigo', translatedTitle: 'Old Egg' }, ptTitle)).toBe(
      'Old Egg',
    );
    expect(orderItemTitle({ translatedTitle: 'Old Egg' }, ptTitle)).toBe('Old Egg');
  });
});
