import { createHmac } from 'node:crypto';

import {
  normalizeDataId,
  parseSignatureHeader,
  signatureManifest,
  signManifest,
  verifySignature,
} from './signature';

const SECRET = 'test-webhook-secret';
const NOW = 1_780_000_000_000;

function header(manifest: string, ts: string, secret = SECRET) {
  return `ts=${ts},v1=${createHmac('sha256', secret).update(manifest).digest('hex')}`;
}

describe('signatureManifest', () => {
  it('follows Mercado Pago template, lower-casing alphanumeric ids', () => {
    expect(signatureManifest({ dataId: '123456', requestId: 'req-1', ts: '1704908010' })).toBe(
      'id:123456;request-id:req-1;ts:1704908010;',
    );
    expect(signatureManifest({ dataId: 'ABC123', requestId: 'r', ts: '1' })).toBe(
      'id:abc123;request-id:r;ts:1;',
    );
    expect(normalizeDataId('Ab_C-1')).toBe('Ab_C-1');
  });

  it('leaves out the parts that are absent', () => {
    expect(signatureManifest({ dataId: '42', requestId: null, ts: '9' })).toBe('id:42;ts:9;');
    expect(signatureManifest({ ts: '9' })).toBe('ts:9;');
  });
});

describe('parseSignatureHeader', () => {
  const v1 = 'a'.repeat(64);
  it('reads ts and v1 in any order, with spaces', () => {
    expect(parseSignatureHeader(`ts=123,v1=${v1}`)).toEqual({ ts: '123', v1 });
    expect(parseSignatureHeader(` v1=${v1.toUpperCase()} , ts=123`)).toEqual({ ts: '123', v1 });
  });

  it.each([
    null,
    '',
    'ts=123',
    `v1=${v1}`,
    `ts=abc,v1=${v1}`,
    `ts=123,v1=${'a'.repeat(63)}`,
    `ts=123,v1=${'g'.repeat(64)}`,
    `ts=1=2,v1=${v1}`,
    `ts=123,v1=${v1},`,
    'x'.repeat(600),
  ])('refuses %p', (value) => {
    expect(parseSignatureHeader(value)).toBeNull();
  });
});

describe('verifySignature', () => {
  const ts = String(Math.floor(NOW / 1000));
  const manifest = 'id:987;request-id:req-9;ts:' + ts + ';';
  const base = { dataId: '987', requestId: 'req-9', secret: SECRET, nowMs: NOW };

  it('accepts the right HMAC within five minutes (seconds or milliseconds)', () => {
    expect(signManifest(manifest, SECRET)).toHaveLength(64);
    expect(verifySignature({ ...base, header: header(manifest, ts) })).toBe('valid');
    const tsMs = String(NOW - 60_000);
    const manifestMs = `id:987;request-id:req-9;ts:${tsMs};`;
    expect(verifySignature({ ...base, header: header(manifestMs, tsMs) })).toBe('valid');
  });

  it('refuses a wrong secret, another id or request id, and tampering', () => {
    expect(verifySignature({ ...base, header: header(manifest, ts, 'other') })).toBe('mismatch');
    expect(verifySignature({ ...base, dataId: '988', header: header(manifest, ts) })).toBe(
      'mismatch',
    );
    expect(verifySignature({ ...base, requestId: 'req-8', header: header(manifest, ts) })).toBe(
      'mismatch',
    );
    expect(verifySignature({ ...base, header: `ts=${ts},v1=${'0'.repeat(64)}` })).toBe('mismatch');
  });

  it('refuses old and future timestamps (replay)', () => {
    const old = String(Math.floor((NOW - 6 * 60_000) / 1000));
    const future = String(Math.floor((NOW + 6 * 60_000) / 1000));
    const sign = (t: string) => header(`id:987;request-id:req-9;ts:${t};`, t);
    expect(verifySignature({ ...base, header: sign(old) })).toBe('expired');
    expect(verifySignature({ ...base, header: sign(future) })).toBe('expired');
  });

  it('refuses malformed input without throwing', () => {
    expect(verifySignature({ ...base, header: undefined })).toBe('malformed');
    expect(verifySignature({ ...base, header: header(manifest, ts), secret: '' })).toBe(
      'malformed',
    );
    expect(verifySignature({ ...base, requestId: 'a;b', header: header(manifest, ts) })).toBe(
      'malformed',
    );
  });
});
