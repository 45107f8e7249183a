/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Activity, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { deferredIsland } from './deferred-island';

// A page whose island's code is late: the server's markup is hydrated while the code is held,
// the person taps and types in it, then the code comes.

type Props = { initialName: string };

function NameForm({ initialName }: Props) {
  const [name, setName] = useState(initialName);
  const [saved, setSaved] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <div>
      <label>
        Nome
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <button type="button" onClick={() => setSaved(name)}>
        Salvar
      </button>
      <button type="button" onClick={() => setOpen((value) => !value)}>
        Detalhes
      </button>
      {open ? <p>Detalhes abertos</p> : null}
      {saved !== null ? <output>Salvo: {saved}</output> : null}
    </div>
  );
}

/** The markup the server sends for the island (./deferred-island.tsx renders the same tree). */
function serverMarkup(props: Props) {
  return renderToString(
    <div className="contents" data-island-pending="">
      <Activity>
        <NameForm {...props} />
      </Activity>
    </div>,
  );
}

function lateIsland() {
  let release: () => void = () => {};
  const code = new Promise<typeof NameForm>((resolve) => {
    release = () => resolve(NameForm);
  });
  const Island = deferredIsland<Props>('name-form', () => code);
  return { Island, release };
}

async function hydrate(Island: (props: Props) => React.ReactNode) {
  const container = document.createElement('div');
  container.innerHTML = serverMarkup({ initialName: 'Bia' });
  document.body.appendChild(container);
  await act(async () => {
    hydrateRoot(container, <Island initialName="Bia" />);
  });
  return container;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('deferredIsland', () => {
  it('holds a tap made before its code has come and replays it once it has', async () => {
    const { Island, release } = lateIsland();
    await hydrate(Island);
    const details = screen.getByRole('button', { name: 'Detalhes' });
    fireEvent.click(details);
    expect(details).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Detalhes abertos')).toBeNull();

    await act(async () => release());
    expect(await screen.findByText('Detalhes abertos')).toBeVisible();
    expect(details).not.toHaveAttribute('aria-busy');
    // Once in, a tap works as usual (and is not held again).
    fireEvent.click(details);
    await waitFor(() => expect(screen.queryByText('Detalhes abertos')).toBeNull());
  });

  it('takes no typing until its code has come; what was typed before the page ran reaches it', async () => {
    const { Island, release } = lateIsland();
    const container = document.createElement('div');
    container.innerHTML = serverMarkup({ initialName: 'Bia' });
    document.body.appendChild(container);
    // Typed into the server's markup before any script ran: on screen, in no component's state.
    const field = screen.getByRole('textbox', { name: 'Nome' });
    (field as HTMLInputElement).value = 'Bia Souza';
    await act(async () => {
      hydrateRoot(container, <Island initialName="Bia" />);
    });
    // The page's code runs, the island's does not yet: the field waits for it.
    expect(field).toHaveAttribute('readonly');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.queryByRole('status')).toBeNull();

    await act(async () => release());
    expect(await screen.findByRole('status')).toHaveTextContent('Salvo: Bia Souza');
    expect(field).toHaveValue('Bia Souza');
    expect(field).not.toHaveAttribute('readonly');
  });
});
