/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import { requestRestockAlert } from '@/lib/restock/actions';
import ptBR from '@/messages/pt-BR.json';
import { RestockAlert } from './restock-alert';

jest.mock('@/lib/restock/actions', () => ({ requestRestockAlert: jest.fn() }));
// No live read in these tests: the page's word (sold out) stands.
jest.mock('@/components/catalogue/use-live-catalogue', () => ({ useLiveProduct: () => undefined }));

const mockedRequest = jest.mocked(requestRestockAlert);
const t = ptBR.RestockAlert;

function renderAlert(signedInEmail: string | null = null) {
  render(
    <NextIntlClientProvider locale="pt-BR" messages={{ RestockAlert: t } as AbstractIntlMessages}>
      <RestockAlert productKey="ovo-pistache" soldOutInPage signedInEmail={signedInEmail} />
    </NextIntlClientProvider>,
  );
}

const emailField = () => screen.getByRole('textbox', { name: t.email });

beforeEach(() => mockedRequest.mockReset());

describe('RestockAlert', () => {
  it('sends what was typed; a refusal keeps the e-mail and the tick in their fields', async () => {
    mockedRequest.mockResolvedValueOnce({ ok: false, error: 'consent' });
    renderAlert();
    fireEvent.change(emailField(), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: t.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.errors.consent);
    expect(mockedRequest).toHaveBeenLastCalledWith({
      productKey: 'ovo-pistache',
      email: 'ana@example.com',
      consent: false,
      locale: 'pt-BR',
    });
    // React resets a form after its action: the fields start from what was sent.
    expect(emailField()).toHaveValue('ana@example.com');

    mockedRequest.mockResolvedValueOnce({ ok: false, error: 'email' });
    fireEvent.click(screen.getByRole('checkbox', { name: t.consent }));
    fireEvent.click(screen.getByRole('button', { name: t.submit }));
    expect(await screen.findByText(t.errors.email)).toBeInTheDocument();
    expect(mockedRequest).toHaveBeenLastCalledWith(expect.objectContaining({ consent: true }));
    expect(emailField()).toHaveValue('ana@example.com');
    expect(emailField()).toHaveAccessibleDescription(t.errors.email);
    expect(screen.getByRole('checkbox', { name: t.consent })).toBeChecked();
  });

  it('says done with the address it will write to', async () => {
    mockedRequest.mockResolvedValueOnce({ ok: true, email: 'ana@example.com' });
    renderAlert();
    fireEvent.change(emailField(), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('checkbox', { name: t.consent }));
    fireEvent.click(screen.getByRole('button', { name: t.submit }));
    expect(await screen.findByTestId('restock-done')).toHaveTextContent(
      'Combinado! Avisaremos ana@example.com quando voltar ao estoque.',
    );
  });

  it("signed in, one tap is the consent to the account's own address", async () => {
    mockedRequest.mockResolvedValueOnce({ ok: false, error: 'unavailable' });
    renderAlert('bia@example.com');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Enviaremos um único aviso para bia@example.com.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: t.signedInSubmit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.errors.unavailable);
    expect(mockedRequest).toHaveBeenLastCalledWith({
      productKey: 'ovo-pistache',
      email: undefined,
      consent: true,
      locale: 'pt-BR',
    });
  });
});
