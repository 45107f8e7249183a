// Mercado Pago webhook signatures (pure). The `x-signature` header is `ts=<time>,v1=<hex>`, where
// v1 is HMAC-SHA256, keyed with the webhook secret, of the manifest
// `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` (parts whose value is absent are left out).
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Older (or further in the future) signatures are refused, so a captured one cannot be replayed. */
export const SIGNATURE_MAX_AGE_MS = 5 * 60_000;

export type SignatureParts = { ts: string; v1: string };

export type SignatureCheck = 'valid' | 'malformed' | 'mismatch' | 'expired';

/** The ts and v1 of an `x-signature` header, or null when it is missing or malformed. */
export function parseSignatureHeader(header: string | null | undefined): SignatureParts | null {
  if (!header || header.length > 512) return null;
  let ts: string | undefined;
  let v1: string | undefined;
  for (const part of header.split(',')) {
    const [name, value, ...rest] = part.split('=').map((piece) => piece.trim());
    if (rest.length > 0 || value === undefined) return null;
    if (name === 'ts') ts = value;
    else if (name === 'v1') v1 = value;
  }
  if (!ts || !/^\d{1,16}$/.test(ts)) return null;
  if (!v1 || !/^[0-9a-fA-F]{64}$/.test(v1)) return null;
  return { ts, v1: v1.toLowerCase() };
}

/** data.id as signed: Mercado Pago lower-cases alphanumeric ids before signing. */
export function normalizeDataId(dataId: string): string {
  return /^[A-Za-z0-9]+$/.test(dataId) ? dataId.toLowerCase() : dataId;
}

/** The signed manifest; parts without a value are left out, as Mercado Pago does. */
export function signatureManifest(parts: {
  dataId?: string | null;
  requestId?: string | null;
  ts: string;
}): string {
  let manifest = '';
  if (parts.dataId) manifest += `id:${normalizeDataId(parts.dataId)};`;
  if (parts.requestId) manifest += `request-id:${parts.requestId};`;
  return `${manifest}ts:${parts.ts};`;
}

/** The hex HMAC-SHA256 of a manifest (what v1 must be). */
export function signManifest(manifest: string, secret: string): string {
  return createHmac('sha256', secret).update(manifest).digest('hex');
}

/** ts in milliseconds: Mercado Pago has sent both seconds and milliseconds. */
export function signatureTimeMs(ts: string): number {
  const value = Number(ts);
  return ts.length >= 12 ? value : value * 1000;
}

/**
 * Checks an `x-signature` header against the manifest of this notification, in constant time,
 * then its age. Returns 'valid' only when both hold.
 */
export function verifySignature(input: {
  header: string | null | undefined;
  dataId: string;
  requestId: string | null | undefined;
  secret: string;
  nowMs?: number;
}): SignatureCheck {
  const parts = parseSignatureHeader(input.header);
  if (!parts || !input.secret) return 'malformed';
  if (input.requestId && (input.requestId.length > 200 || /[;\s]/.test(input.requestId))) {
    return 'malformed';
  }
  const manifest = signatureManifest({
    dataId: input.dataId,
    requestId: input.requestId,
    ts: parts.ts,
  });
  const expected = Buffer.from(signManifest(manifest, input.secret), 'hex');
  const received = Buffer.from(parts.v1, 'hex');
  // Both are 32 bytes (v1 is checked to be 64 hex digits), as timingSafeEqual requires.
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) {
    return 'mismatch';
  }
  const age = (input.nowMs ?? Date.now()) - signatureTimeMs(parts.ts);
  if (!Number.isFinite(age) || Math.abs(age) > SIGNATURE_MAX_AGE_MS) return 'expired';
  return 'valid';
}
