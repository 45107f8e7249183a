/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { loadFirebaseClient, type FirebaseClient } from '@/lib/firebase/client';
import { FirebaseProvider, useFirebase } from './firebase-provider';

jest.mock('@/lib/firebase/client', () => ({ loadFirebaseClient: jest.fn() }));
const mockedLoad = jest.mocked(loadFirebaseClient);

function Status() {
  const { status, auth } = useFirebase();
  return <p>{`${status}:${auth ? 'auth' : 'none'}`}</p>;
}

beforeEach(() => mockedLoad.mockReset());

describe('FirebaseProvider', () => {
  it('useFirebase outside the provider throws a clear message', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Status />)).toThrow('Firebase context is not available');
    spy.mockRestore();
  });

  it('does not load until active, then exposes auth', async () => {
    const client = { auth: { name: 'auth' } } as unknown as FirebaseClient;
    mockedLoad.mockResolvedValue(client);
    const { rerender } = render(
      <FirebaseProvider active={false}>
        <Status />
      </FirebaseProvider>,
    );
    expect(screen.getByText('idle:none')).toBeInTheDocument();
    expect(mockedLoad).not.toHaveBeenCalled();
    rerender(
      <FirebaseProvider active>
        <Status />
      </FirebaseProvider>,
    );
    expect(screen.getByText('loading:none')).toBeInTheDocument();
    expect(await screen.findByText('ready:auth')).toBeInTheDocument();
  });

  it('reports a failed load', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    mockedLoad.mockRejectedValue(new Error('offline'));
    render(
      <FirebaseProvider active>
        <Status />
      </FirebaseProvider>,
    );
    expect(await screen.findByText('error:none')).toBeInTheDocument();
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});
