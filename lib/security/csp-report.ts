import 'server-only';

import { startRequestLog } from '@/lib/log';

/** What is logged of one violation: where, which directive, what was blocked. */
export type CspViolation = {
  documentURL: string;
  directive: string;
  blockedURL: string;
  sourceFile?: string;
  line?: number;
};

const text = (value: unknown, max = 300): string | undefined =>
  typeof value === 'string' && value !== '' ? value.slice(0, max) : undefined;

function fromLegacy(body: Record<string, unknown>): CspViolation | null {
  const directive = text(body['effective-directive']) ?? text(body['violated-directive']);
  const documentURL = text(body['document-uri']);
  if (!directive || !documentURL) return null;
  return {
    documentURL,
    directive,
    blockedURL: text(body['blocked-uri']) ?? '',
    sourceFile: text(body['source-file']),
    line: typeof body['line-number'] === 'number' ? body['line-number'] : undefined,
  };
}

function fromReportingApi(body: Record<string, unknown>): CspViolation | null {
  const directive = text(body.effectiveDirective);
  const documentURL = text(body.documentURL);
  if (!directive || !documentURL) return null;
  return {
    documentURL,
    directive,
    blockedURL: text(body.blockedURL) ?? '',
    sourceFile: text(body.sourceFile),
    line: typeof body.lineNumber === 'number' ? body.lineNumber : undefined,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The violations in a report body: `report-uri`'s {"csp-report": {...}} or the Reporting API's
 * [{type: "csp-violation", body: {...}}, ...]. Anything else gives none.
 */
export function parseCspReports(value: unknown): CspViolation[] {
  if (isObject(value) && isObject(value['csp-report'])) {
    const violation = fromLegacy(value['csp-report']);
    return violation ? [violation] : [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .slice(0, 20)
    .filter((item) => isObject(item) && item.type === 'csp-violation' && isObject(item.body))
    .map((item) => fromReportingApi((item as { body: Record<string, unknown> }).body))
    .filter((violation): violation is CspViolation => violation !== null);
}

/**
 * One `csp.violated` warning per violation, through lib/log.ts, which escapes every field: the
 * report is the client's text, and a newline in it must not start a forged line. Query strings
 * and fragments are dropped (they may carry personal data).
 */
export function logCspReports(
  violations: readonly CspViolation[],
  headers?: Pick<Headers, 'get'> | null,
): void {
  const log = startRequestLog(headers);
  const strip = (url: string) => url.split(/[?#]/)[0];
  for (const violation of violations) {
    log.event(
      'csp.violated',
      {
        directive: violation.directive,
        blockedUrl: strip(violation.blockedURL) || 'inline',
        documentUrl: strip(violation.documentURL),
        sourceFile: violation.sourceFile ? strip(violation.sourceFile) : undefined,
        line: violation.line,
      },
      'warn',
    );
  }
}
