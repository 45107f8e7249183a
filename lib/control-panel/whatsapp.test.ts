import { customerWhatsappLink, customerWhatsappNumber } from './whatsapp';

describe('customer WhatsApp links', () => {
  it('adds Brazil to numbers stored without a country code', () => {
    expect(customerWhatsappNumber('11912345678')).toBe('5511912345678');
    expect(customerWhatsappNumber('(11) 3456-7890')).toBe('551134567890');
  });

  it('keeps numbers that have one', () => {
    expect(customerWhatsappNumber('+55 11 91234-5678')).toBe('5511912345678');
    expect(customerWhatsappNumber('0055 11 91234-5678')).toBe('5511912345678');
  });

  it('gives no link without a usable number', () => {
    expect(customerWhatsappNumber('')).toBeNull();
    expect(customerWhatsappNumber(null)).toBeNull();
    expect(customerWhatsappNumber('12345')).toBeNull();
    expect(customerWhatsappLink('n/a', 'Olá')).toBeNull();
  });

  it('prefills the text', () => {
    expect(customerWhatsappLink('11912345678', 'Olá, Ana! Pedido ABC & cia.')).toBe(
      'https://wa.me/5511912345678?text=Ol%C3%A1%2C%20Ana!%20Pedido%20ABC%20%26%20cia.',
    );
  });
});
