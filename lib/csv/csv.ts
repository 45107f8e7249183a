// CSV for spreadsheets, pure. Cells a spreadsheet would run as a formula (starting with =, +, -,
// @, a tab or a carriage return) are prefixed with an apostrophe, so a customer named
// `=HYPERLINK(...)` is shown as text, never evaluated (OWASP "CSV injection").

export type CsvDialect = {
  /** ';' where the decimal separator is a comma (pt-BR spreadsheets), ',' otherwise. */
  delimiter: ';' | ',';
};

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number, { delimiter }: CsvDialect): string {
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  const needsQuotes =
    text.includes(delimiter) || text.includes('"') || /[\r\n]/.test(text) || text !== text.trim();
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A whole file: a UTF-8 byte order mark (so spreadsheets read accents right), the header row, one
 * row per record, CRLF line ends (RFC 4180).
 */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
  dialect: CsvDialect,
): string {
  const line = (cells: readonly (string | number)[]) =>
    cells.map((cell) => csvCell(cell, dialect)).join(dialect.delimiter);
  return `\uFEFF${[header, ...rows].map(line).join('\r\n')}\r\n`;
}
