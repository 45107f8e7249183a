/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { deferred } from './deferred';

type Props = { name: string };

function Greeting({ name }: Props) {
  return <p>Olá, {name}</p>;
}

function Failed({ name }: Props) {
  return <p role="alert">Não veio o código para {name}</p>;
}

describe('deferred', () => {
  it('renders the component with its props once its code has come', async () => {
    const Deferred = deferred<Props>('greeting', () => Promise.resolve(Greeting), Failed);
    render(
      <Suspense fallback={<p>carregando</p>}>
        <Deferred name="Bia" />
      </Suspense>,
    );
    expect(await screen.findByText('Olá, Bia')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('renders `failed` with the same props when the code cannot load, and says so in the console', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const Deferred = deferred<Props>(
      'greeting',
      () => Promise.reject(new Error('chunk failed')),
      Failed,
    );
    render(
      <Suspense fallback={<p>carregando</p>}>
        <Deferred name="Bia" />
      </Suspense>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Não veio o código para Bia');
    expect(warn).toHaveBeenCalledWith('[greeting] code not loaded:', expect.any(Error));
    warn.mockRestore();
  });

  it('renders nothing when the code cannot load and no `failed` is given', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const Deferred = deferred<Props>('greeting', () => Promise.reject(new Error('offline')));
    const { container } = render(
      <Suspense fallback={<p>carregando</p>}>
        <Deferred name="Bia" />
      </Suspense>,
    );
    await waitFor(() => expect(warn).toHaveBeenCalled());
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    warn.mockRestore();
  });
});
