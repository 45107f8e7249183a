/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { updateAddress } from '@/lib/session/actions';
import type { Address } from '@/lib/users/types';
import { AddressForm } from './address-form';
import { renderAccount } from '@/test/render-account';

jest.mock('@/lib/session/actions', () => ({ updateAddress: jest.fn() }));
// The session bootstrap of the user store provider: never answers in these tests.
jest.mock('@/lib/session/client', () => ({
  ...jest.requireActual('@/lib/session/client'),
  fetchSessionUser: () => new Promise(() => {}),
}));

const mockedUpdate = jest.mocked(updateAddress);

const saved: Address = {
  street: 'Avenida Paulista',
  number: '1000',
  extra: 'Apto 42',
  city: 'São Paulo',
  postalCode: '01310-100',
};

const cityRow = () => screen.getByTestId('address-city');

function editCity(value: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Editar Cidade' }));
  fireEvent.change(screen.getByRole('textbox', { name: /^Cidade/ }), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Salvar Cidade' }));
}

beforeEach(() => mockedUpdate.mockReset());

describe('AddressForm', () => {
  it('shows the saved address and no form buttons while nothing changed', () => {
    renderAccount(<AddressForm saved={saved} />);
    expect(cityRow()).toHaveTextContent('São Paulo');
    expect(cityRow()).not.toHaveTextContent('*');
    expect(screen.queryByRole('button', { name: 'Descartar Alterações' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Atualizar Informações' })).toBeNull();
  });

  it('marks a changed field and offers discard and save; discard restores', () => {
    renderAccount(<AddressForm saved={saved} />);
    editCity('Campinas');
    expect(cityRow()).toHaveTextContent('Campinas');
    expect(cityRow()).toHaveTextContent('*');
    expect(screen.getByTestId('address-street')).not.toHaveTextContent('*');
    fireEvent.click(screen.getByRole('button', { name: 'Descartar Alterações' }));
    expect(cityRow()).toHaveTextContent('São Paulo');
    expect(cityRow()).not.toHaveTextContent('*');
    expect(screen.queryByRole('button', { name: 'Atualizar Informações' })).toBeNull();
  });

  it('typing the saved value back is no change', () => {
    renderAccount(<AddressForm saved={saved} />);
    editCity('Campinas');
    editCity('São Paulo');
    expect(screen.queryByRole('button', { name: 'Atualizar Informações' })).toBeNull();
  });

  it('saves the trimmed address, reports success and takes it as the new baseline', async () => {
    mockedUpdate.mockResolvedValue({ ok: true, address: { ...saved, city: 'Campinas' } });
    const { store } = renderAccount(<AddressForm saved={saved} />);
    act(() =>
      store.getState().setCurrentUser({ uid: 'u1', email: 'a@b.c', name: 'A', address: saved }),
    );
    editCity('  Campinas ');
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar Informações' }));
    expect(await screen.findByText('Endereço atualizado.')).toBeInTheDocument();
    expect(mockedUpdate).toHaveBeenCalledWith({ ...saved, city: 'Campinas' });
    expect(cityRow()).toHaveTextContent('Campinas');
    expect(cityRow()).not.toHaveTextContent('*');
    expect(screen.queryByRole('button', { name: 'Atualizar Informações' })).toBeNull();
    expect(store.getState().currentUser?.address?.city).toBe('Campinas');
  });

  it('refuses an empty field without calling the server', () => {
    renderAccount(<AddressForm saved={saved} />);
    editCity('   ');
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar Informações' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Preencha todos os campos');
    expect(mockedUpdate).not.toHaveBeenCalled();
  });

  it('shows the server refusal and keeps the edit', async () => {
    mockedUpdate.mockResolvedValue({ ok: false, error: 'unauthenticated' });
    renderAccount(<AddressForm saved={saved} />);
    editCity('Campinas');
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar Informações' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Sua sessão expirou'));
    expect(cityRow()).toHaveTextContent('*');
  });
});
