/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import ptBR from '@/messages/pt-BR.json';
import { ShippingEstimate } from './shipping-estimate';

const t = ptBR.ShippingEstimate;
const fetchMock = jest.fn<Promise<Response>, [string, RequestInit?]>();

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});

/** A quote's answer without a body (jsdom has no Response). */
const answer = (status: number) =>
  ({ ok: status < 300, status, json: async () => ({}) }) as Response;

function renderEstimate() {
  render(
    <NextIntlClientProvider
      locale="pt-BR"
      messages={{ ShippingEstimate: t } as AbstractIntlMessages}
    >
      <ShippingEstimate lines={[{ id: 'ovo-pistache', quantity: 2 }]} />
    </NextIntlClientProvider>,
  );
}

const cepField = () => screen.getByRole('textbox', { name: t.cep });
const send = () => fireEvent.click(screen.getByRole('button', { name: t.submit }));

describe('ShippingEstimate', () => {
  it('formats the CEP as it is typed', () => {
    renderEstimate();
    fireEvent.change(cepField(), { target: { value: '22041001' } });
    expect(cepField()).toHaveValue('22041-001');
  });

  it('refuses a malformed CEP without asking, and keeps it in the field', async () => {
    renderEstimate();
    fireEvent.change(cepField(), { target: { value: '1234' } });
    send();
    expect(await screen.findByText(t.invalid)).toBeInTheDocument();
    expect(cepField()).toHaveAccessibleDescription(t.invalid);
    expect(cepField()).toHaveValue('1234');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the typed CEP and the lines, says when asked too often, keeps the CEP', async () => {
    fetchMock.mockResolvedValueOnce(answer(429));
    renderEstimate();
    fireEvent.change(cepField(), { target: { value: '22041001' } });
    send();
    expect(await screen.findByText(t.rateLimited)).toBeInTheDocument();
    const [url] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/delivery/quote?shipping=Entrega&cep=22041-001&lines=ovo-pistache%3A2');
    expect(cepField()).toHaveValue('22041-001');
  });

  it('says the quote is unavailable when the server fails', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockResolvedValueOnce(answer(503));
    renderEstimate();
    fireEvent.change(cepField(), { target: { value: '01310-100' } });
    send();
    expect(await screen.findByText(t.unavailable)).toBeInTheDocument();
    expect(cepField()).toHaveValue('01310-100');
  });
});
