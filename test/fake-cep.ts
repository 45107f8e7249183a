// A local stand-in for ViaCEP's one endpoint the shop calls (GET /ws/{cep}/json/), for Jest
// (lib/address/cep-lookup.test.ts) and Playwright (e2e/checkout-address.spec.ts). It knows the
// CEPs a test gives it and answers { "erro": true } for the others, as ViaCEP does.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** ViaCEP's fields the shop reads. */
export type FakeCepEntry = { logradouro: string; bairro: string; localidade: string; uf: string };

export type FakeCep = {
  /** Use as CEP_LOOKUP_BASE_URL. */
  baseUrl: string;
  /** The CEPs (8 digits) asked, in order. */
  requests: string[];
  /** 'answer' (default), 'hang' (never answers: the caller's deadline), 'fail' (500). */
  setMode: (mode: 'answer' | 'hang' | 'fail') => void;
  close: () => Promise<void>;
};

export async function startFakeCep(
  entries: Record<string, FakeCepEntry>,
  port = 0,
): Promise<FakeCep> {
  const requests: string[] = [];
  let mode: 'answer' | 'hang' | 'fail' = 'answer';
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const match = /^\/ws\/([^/]+)\/json\/$/.exec(request.url ?? '');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'GET' || !match) return send(404, { error: 'no such endpoint' });
    const cep = match[1]!;
    requests.push(cep);
    if (mode === 'hang') {
      hanging.add(response);
      return;
    }
    if (mode === 'fail') return send(500, { error: 'down' });
    if (!/^\d{8}$/.test(cep)) return send(400, { error: 'bad request' });
    const entry = entries[cep];
    if (!entry) return send(200, { erro: true });
    return send(200, {
      cep: `${cep.slice(0, 5)}-${cep.slice(5)}`,
      complemento: '',
      unidade: '',
      ibge: '0000000',
      ...entry,
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${actual}/ws`,
    requests,
    setMode: (next) => {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
