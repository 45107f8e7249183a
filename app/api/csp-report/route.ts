import { parseJsonBytes, readCappedBody } from '@/lib/http/body';
import { logCspReports, parseCspReports } from '@/lib/security/csp-report';
import { clientAddress } from '@/lib/security/origin';
import { rateLimiter } from '@/lib/rate-limit';

// Browsers post Content-Security-Policy violations here (report-uri and report-to of
// lib/security/csp.ts). Never cached; nothing is stored, violations are logged.
export const dynamic = 'force-dynamic';

const MAX_REPORT_BYTES = 16 * 1024;

export async function POST(request: Request): Promise<Response> {
  const limit = await rateLimiter('cspReportPerIp').take(clientAddress(request));
  if (!limit.allowed) {
    return new Response(null, {
      status: 429,
      headers: { 'Retry-After': String(limit.retryAfterSeconds), 'Cache-Control': 'no-store' },
    });
  }
  // Browsers send application/csp-report or application/reports+json: any type is read.
  const bytes = await readCappedBody(request, MAX_REPORT_BYTES).catch(() => new Uint8Array());
  if (bytes === null) return new Response(null, { status: 413 });
  const body = parseJsonBytes(bytes);
  const reports = body.ok ? parseCspReports(body.value) : [];
  if (reports.length === 0) return new Response(null, { status: 400 });
  logCspReports(reports, request.headers);
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
}
