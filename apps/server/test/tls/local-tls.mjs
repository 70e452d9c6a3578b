// A self-signed certificate for 127.0.0.1 and localhost, for tests and benchmarks only: a server given it serves
// HTTPS and HTTP/2 as a deployment with TLS_CERT and TLS_KEY does (docs/decisions/025).
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const LOCAL_TLS = {
  cert: path.join(import.meta.dirname, 'localhost-cert.pem'),
  key: path.join(import.meta.dirname, 'localhost-key.pem'),
};

/** Chromium's flag that takes this certificate, and no other, as valid (its public key's SHA-256): service workers need that. */
export function chromiumTrustingLocalCertificate() {
  const key = new X509Certificate(readFileSync(LOCAL_TLS.cert)).publicKey.export({ type: 'spki', format: 'der' });
  return `--ignore-certificate-errors-spki-list=${createHash('sha256').update(key).digest('base64')}`;
}
