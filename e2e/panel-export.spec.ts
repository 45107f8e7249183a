import { expect, test } from '@playwright/test';
import { ADMIN, SHOPPER } from './fixtures/account';
import { createOrder, sessionContext, uniqueOrderId } from './fixtures/control-panel';

// The control panel's CSV export: the filtered list, one row per order, in the admin's
// language, formula-injection-safe.

test('exports the filtered list as CSV, a name starting with = as text', async ({ baseURL }) => {
  const marker = uniqueOrderId('CSV');
  const email = `${marker.toLowerCase()}@example.com`;
  // Two orders found by the customer's e-mail, one that is not.
  await createOrder(`${marker}A`, 'csv-shopper', {
    customer: { name: '=HYPERLINK("http://evil.example","clique")', email },
  });
  await createOrder(`${marker}B`, 'csv-shopper', {
    customer: { name: 'Maria; "Mimi" Souza', email },
    shippingOption: 'Entrega',
  });
  await createOrder(uniqueOrderId('OTHER'), 'csv-shopper');

  const admin = await sessionContext(baseURL!, ADMIN);
  const response = await admin.get(`/pt-BR/control-panel/export?q=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/csv');
  expect(response.headers()['content-disposition']).toMatch(/attachment; filename="pedidos-/);
  const csv = (await response.body()).toString('utf8');
  expect(
    csv.startsWith(
      '\uFEFFData;Número;Cliente;Itens;Total (R$);Recebimento;Situação;Telefone;CPF;Endereço;' +
        'Bairro;Cidade;UF;CEP;Mensagem para o cartão;Taxa de entrega (R$);Data de entrega;' +
        'Quem recebe;Cupom;Desconto do cupom (R$)\r\n',
    ),
  ).toBe(true);
  const rows = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(rows).toHaveLength(3);
  const byId = (id: string) => rows.find((row) => row.includes(`;${id};`)) ?? '';
  expect(byId(`${marker}A`)).toContain(
    `;"'=HYPERLINK(""http://evil.example"",""clique"") <${email}>";`,
  );
  expect(byId(`${marker}A`)).toMatch(
    /;1 × Barra Tropical Minas;40,00;Retirada;Aguardando Aprovação;/,
  );
  expect(byId(`${marker}B`)).toContain(`;"Maria; ""Mimi"" Souza <${email}>";`);

  const english = await admin.get(
    `/en/control-panel/export?q=${encodeURIComponent(email)}&shipping=Entrega`,
  );
  const englishRows = (await english.text())
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(englishRows[0]).toBe(
    'Date,Number,Customer,Items,Total (R$),Receiving,Status,Telephone,CPF,Address,' +
      'Neighbourhood,City,State,Postal code,Gift card message,Delivery fee (R$),Delivery date,' +
      'Recipient,Coupon,Coupon discount (R$)',
  );
  expect(englishRows).toHaveLength(2);
  expect(englishRows[1]).toMatch(/,40\.00,Delivery,Awaiting approval,/);
  // An order from before the recipient's name: the customer receives it.
  expect(englishRows[1]).toMatch(/,0\.00,,"Maria; ""Mimi"" Souza",,0\.00$/);

  const shopper = await sessionContext(baseURL!, SHOPPER);
  expect((await shopper.get(`/en/control-panel/export`, { maxRedirects: 0 })).status()).toBe(403);
  await admin.dispose();
  await shopper.dispose();
});
