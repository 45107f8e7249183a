/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { updateProfile } from '@/lib/session/actions';
import { DEFAULT_ADDRESS, NO_NAME, type Address } from '@/lib/users/types';
import { ProfileForm } from './profile-form';
import { renderAccount } from '@/test/render-account';

jest.mock('@/lib/session/actions', () => ({ updateProfile: jest.fn() }));
// The session bootstrap of the user store provider: never answers in these tests.
jest.mock('@/lib/session/client', () => ({
  ...jest.requireActual('@/lib/session/client'),
  fetchSessionUser: () => new Promise(() => {}),
}));

const mockedUpdate = jest.mocked(updateProfile);

const address: Address = {
  street: 'Avenida Paulista',
  number: '1000',
  extra: 'Apto 42',
  city: 'São Paulo',
  postalCode: '01310-100',
};
const user = { name: 'Cliente Exemplo', telephone: '+55 11 91234-5678', address };
const newUser = { name: NO_NAME, telephone: null, address: { ...DEFAULT_ADDRESS } };

const cityRow = () => screen.getByTestId('address-city');
const saveButton = () => screen.queryByRole('button', { name: 'Atualizar Informações' });

function edit(label: string, value: string) {
  fireEvent.click(screen.getByRole('button', { name: `Editar ${label}` }));
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${label}`) }), {
    target: { value },
  });
  fireEvent.click(screen.getByRole('button', { name: `Confirmar ${label}` }));
}

beforeEach(() => mockedUpdate.mockReset());

describe('ProfileForm', () => {
  it('shows the saved profile and no form buttons while nothing changed', () => {
    renderAccount(<ProfileForm user={user} />);
    expect(cityRow()).toHaveTextContent('São Paulo');
    expect(screen.getByTestId('contact-name')).toHaveTextContent('Cliente Exemplo');
    expect(screen.getByTestId('contact-telephone')).toHaveTextContent('+55 11 91234-5678');
    expect(cityRow()).not.toHaveTextContent('*');
    expect(screen.queryByRole('button', { name: 'Descartar Alterações' })).toBeNull();
    expect(saveButton()).toBeNull();
  });

  it("shows a new account's stored defaults as 'Não informado', and edits start empty", () => {
    renderAccount(<ProfileForm user={newUser} />);
    for (const id of ['contact-name', 'contact-telephone', 'address-street', 'address-extra']) {
      expect(screen.getByTestId(id)).toHaveTextContent('Não informado');
    }
    expect(document.body).not.toHaveTextContent(/No (name|street|number|city|complement)/);
    fireEvent.click(screen.getByRole('button', { name: 'Editar Rua' }));
    expect(screen.getByRole('textbox', { name: /^Rua/ })).toHaveValue('');
  });

  it('says that confirming a field only keeps it pending; discard restores', () => {
    renderAccount(<ProfileForm user={user} />);
    fireEvent.click(screen.getByRole('button', { name: 'Editar Cidade' }));
    const confirm = screen.getByRole('button', { name: 'Confirmar Cidade' });
    expect(confirm).toHaveAccessibleDescription(/Nada é gravado até .*Atualizar Informações/);
    fireEvent.change(screen.getByRole('textbox', { name: /^Cidade/ }), {
      target: { value: 'Campinas' },
    });
    fireEvent.click(confirm);
    expect(cityRow()).toHaveTextContent('Campinas');
    expect(cityRow()).toHaveTextContent('*');
    expect(screen.getByTestId('address-street')).not.toHaveTextContent('*');
    expect(mockedUpdate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Descartar Alterações' }));
    expect(cityRow()).toHaveTextContent('São Paulo');
    expect(cityRow()).not.toHaveTextContent('*');
    expect(saveButton()).toBeNull();
  });

  it('typing the saved value back is no change', () => {
    renderAccount(<ProfileForm user={user} />);
    edit('Cidade', 'Campinas');
    edit('Cidade', 'São Paulo');
    expect(saveButton()).toBeNull();
  });

  it('sends only the changed fields, trimmed, and takes the answer as the new baseline', async () => {
    const saved = {
      name: 'Ana Lima',
      telephone: '+55 11 3456-7890',
      address: { ...address, extra: '' },
    };
    mockedUpdate.mockResolvedValue({ ok: true, profile: saved });
    const { store } = renderAccount(<ProfileForm user={user} />);
    act(() => store.getState().setCurrentUser({ uid: 'u1', email: 'a@b.c', ...user }));
    edit('Nome', ' Ana Lima ');
    edit('Telefone', '(11) 3456-7890');
    edit('Complemento', '');
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar Informações' }));
    expect(await screen.findByText('Perfil atualizado.')).toBeInTheDocument();
    expect(mockedUpdate).toHaveBeenCalledWith({
      name: 'Ana Lima',
      telephone: '(11) 3456-7890',
      address: { extra: '' },
    });
    expect(screen.getByTestId('contact-telephone')).toHaveTextContent('+55 11 3456-7890');
    expect(screen.getByTestId('address-extra')).toHaveTextContent('Não informado');
    expect(screen.getByTestId('address-extra')).not.toHaveTextContent('*');
    expect(saveButton()).toBeNull();
    // The user tab reads the store: it holds what the server saved.
    expect(store.getState().currentUser).toMatchObject({ uid: 'u1', ...saved });
  });

  it('refuses an emptied name or a foreign telephone without calling the server', () => {
    renderAccount(<ProfileForm user={user} />);
    edit('Nome', '  ');
    edit('Telefone', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar Informações' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Confira os campos destacados.');
    expect(screen.getByRole('textbox', { name: /^Nome/ })).toHaveAccessibleDescription(
      'Informe um nome.',
    );
    expect(screen.getByRole('textbox', { name: /^Telefone/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(mockedUpdate).not.toHaveBeenCalled();
  });

  it('adopts a new saved profile from its parent (the server render after a save)', () => {
    const { rerender } = renderAccount(<ProfileForm user={user} />);
    rerender(<ProfileForm user={{ ...user, address: { ...address, city: 'Recife' } }} />);
    expect(cityRow()).toHaveTextContent('Recife');
  });

  it("keeps an edit started before the parent echoes the form's own save", async () => {
    const saved = { ...user, address: { ...address, city: 'Campinas' } };
    mockedUpdate.mockResolvedValue({ ok: true, profile: saved });
    const { rerender } = renderAccount(<ProfileForm user={user} />);
    edit('Cidade', 'Campinas');
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar Informações' }));
    expect(await screen.findByText('Perfil atualizado.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Editar Rua' }));
    // /usuario's server render (refresh) arrives with what was just saved.
    rerender(<ProfileForm user={saved} />);
    expect(screen.getByRole('textbox', { name: /^Rua/ })).toBeInTheDocument();
    expect(cityRow()).toHaveTextContent('Campinas');
  });

  it('shows the server refusal and keeps the edit', async () => {
    mockedUpdate.mockResolvedValue({ ok: false, error: 'unauthenticated' });
    renderAccount(<ProfileForm user={user} />);
    edit('Cidade', 'Campinas');
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar Informações' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Sua sessão expirou'));
    expect(cityRow()).toHaveTextContent('*');
  });

  it('says so honestly when the service is unavailable', async () => {
    mockedUpdate.mockResolvedValue({ ok: false, error: 'unavailable' });
    renderAccount(<ProfileForm user={user} />);
    edit('Cidade', 'Campinas');
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar Informações' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('temporariamente indisponível'),
    );
  });
});
