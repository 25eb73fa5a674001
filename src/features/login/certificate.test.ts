import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { createClientCertificate, type GenerationStage } from './certificate';

const CERT_BAG = '1.2.840.113549.1.12.10.1.3';
const SHROUDED_KEY_BAG = '1.2.840.113549.1.12.10.1.2';

function readPfx(pfx: Uint8Array, password: string) {
  const der = String.fromCharCode(...pfx);
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der), password);
  const certBag = p12.getBags({ bagType: CERT_BAG })[CERT_BAG]?.[0];
  const keyBag = p12.getBags({ bagType: SHROUDED_KEY_BAG })[SHROUDED_KEY_BAG]?.[0];
  return { cert: certBag?.cert, key: keyBag?.key };
}

describe('createClientCertificate', () => {
  it('makes an RSA 2048 client certificate and a PKCS#12 that opens with the password', async () => {
    const stages: GenerationStage[] = [];
    const { crt, pfx } = await createClientCertificate({
      password: 'pa55',
      hostname: 'lxd.example',
      onProgress: (stage) => stages.push(stage),
    });
    expect(stages).toEqual(['key', 'certificate', 'pfx']);
    expect(crt).toMatch(/^-----BEGIN CERTIFICATE-----\r?\n/);

    const cert = forge.pki.certificateFromPem(crt);
    const publicKey = cert.publicKey as unknown as forge.pki.rsa.PublicKey;
    expect(publicKey.n.bitLength()).toBe(2048);
    expect(cert.verify(cert)).toBe(true);
    const commonName: unknown = cert.subject.getField('CN');
    expect(commonName).toMatchObject({ value: 'lxd-ui-lxd.example' });
    // Go (LXD) refuses a PrintableString holding '@', '[' or ':': names are UTF8String.
    const tags: unknown[] = cert.subject.attributes.map((attribute) => attribute.valueTagClass);
    expect(tags).toEqual([forge.asn1.Type.UTF8, forge.asn1.Type.UTF8]);
    expect(cert.getExtension('extKeyUsage')).toMatchObject({ clientAuth: true });
    expect(cert.validity.notAfter.getFullYear()).toBeGreaterThanOrEqual(
      new Date().getFullYear() + 9,
    );

    const opened = readPfx(pfx, 'pa55');
    expect(opened.cert && forge.pki.certificateToPem(opened.cert)).toBe(crt);
    expect(opened.key?.n.equals(publicKey.n)).toBe(true);
    expect(() => readPfx(pfx, 'wrong')).toThrow();
  });

  it('accepts an empty password', async () => {
    const { pfx } = await createClientCertificate({ password: '', hostname: 'h' });
    expect(readPfx(pfx, '').cert).toBeDefined();
  });
});
