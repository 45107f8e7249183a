/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Activity, StrictMode, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { deferredIsland } from './deferred-island';

// A page whose island's code is late: the server's markup is hydrated while the code is held,
// the person taps and types in it, then the code comes.

type Props = { initialName: string };

function NameForm({ initialName }: Props) {
  const [name, setName] = useState(initialName);
  const [note, setNote] = useState('Feliz Páscoa');
  const [gift, setGift] = useState(false);
  const [size, setSize] = useState('M');
  const [saved, setSaved] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <div>
      <label>
        Nome
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label>
        Mensagem
        <textarea value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
      <label>
        Tamanho
        <select value={size} onChange={(event) => setSize(event.target.value)}>
          <option value="M">M</option>
          <option value="G">G</option>
        </select>
      </label>
      <label>
        <input type="checkbox" checked={gift} onChange={(event) => setGift(event.target.checked)} />
        Presente
      </label>
      <button
        type="button"
        onClick={() => setSaved(`${name} / ${note} / ${size} / ${gift ? 'presente' : '-'}`)}
      >
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

/** The server's markup, `before` done to it before any script runs, then the page hydrated. */
async function hydrate(
  Island: (props: Props) => React.ReactNode,
  { before = () => {}, strict = false }: { before?: () => void; strict?: boolean } = {},
) {
  const container = document.createElement('div');
  container.innerHTML = serverMarkup({ initialName: 'Bia' });
  document.body.appendChild(container);
  before();
  const page = <Island initialName="Bia" />;
  await act(async () => {
    hydrateRoot(container, strict ? <StrictMode>{page}</StrictMode> : page);
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

  it('takes no typing until its code has come; what was changed before the page ran reaches it', async () => {
    const { Island, release } = lateIsland();
    await hydrate(Island, {
      // Typed, ticked and appended before any script ran: on screen, in no component's state.
      before: () => {
        (screen.getByRole('textbox', { name: 'Nome' }) as HTMLInputElement).value = 'Bia Souza';
        const note = screen.getByRole('textbox', { name: 'Mensagem' }) as HTMLTextAreaElement;
        note.value = `${note.value} e bom apetite`;
        (screen.getByRole('checkbox', { name: 'Presente' }) as HTMLInputElement).checked = true;
        (screen.getByRole('combobox', { name: 'Tamanho' }) as HTMLSelectElement).value = 'G';
      },
    });
    const field = screen.getByRole('textbox', { name: 'Nome' });
    // The page's code runs, the island's does not yet: the fields wait for it.
    expect(field).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Mensagem' })).toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: 'Tamanho' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.queryByRole('status')).toBeNull();

    await act(async () => release());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Salvo: Bia Souza / Feliz Páscoa e bom apetite / G / presente',
    );
    expect(field).toHaveValue('Bia Souza');
    expect(field).not.toHaveAttribute('readonly');
    expect(screen.getByRole('checkbox', { name: 'Presente' })).toBeChecked();
  });

  it("replays a held tap once under React's StrictMode, whose effects run twice", async () => {
    const { Island, release } = lateIsland();
    await hydrate(Island, { strict: true });
    fireEvent.click(screen.getByRole('button', { name: 'Detalhes' }));
    await act(async () => release());
    expect(await screen.findByText('Detalhes abertos')).toBeVisible();
    // Replayed once: a second replay would have closed it again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Detalhes abertos')).toBeVisible();
  });
});
