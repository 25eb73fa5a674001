/**
 * Browser-side client certificate: an RSA 2048 key and a self-signed X.509 certificate for TLS
 * client authentication, packed as PKCS#12 for the browser and as PEM for the server. Runs
 * inside the Web Worker (worker.ts) so node-forge stays out of the main bundle and the page
 * stays responsive. forge uses WebCrypto to create the key when the page is a secure context
 * and falls back to its own implementation otherwise.
 */
import forge from 'node-forge';

export type GenerationStage = 'key' | 'certificate' | 'pfx';

export interface ClientCertificate {
  /** The certificate in PEM, for `lxc config trust add <file>`. */
  crt: string;
  /** PKCS#12 with the key and certificate, for the browser's certificate store. */
  pfx: Uint8Array<ArrayBuffer>;
}

export interface GenerationOptions {
  /** Protects the .pfx; empty means an empty password. */
  password: string;
  /** The host the console was opened on, written into the certificate's names. */
  hostname: string;
  bits?: number;
  onProgress?: (stage: GenerationStage) => void;
}

const VALIDITY_YEARS = 10;

function generateKeyPair(bits: number): Promise<forge.pki.rsa.KeyPair> {
  return new Promise((resolve, reject) => {
    forge.pki.rsa.generateKeyPair({ bits, e: 0x10001 }, (error: Error | null, keypair) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(keypair);
    });
  });
}

/** A positive random serial number of 16 bytes, in hex. */
function randomSerial(): string {
  const hex = forge.util.bytesToHex(forge.random.getBytesSync(16));
  return `${((Number.parseInt(hex.slice(0, 2), 16) & 0x7f) | 0x40).toString(16)}${hex.slice(2)}`;
}

export async function createClientCertificate(
  options: GenerationOptions,
): Promise<ClientCertificate> {
  const { password, hostname, bits = 2048, onProgress } = options;

  onProgress?.('key');
  const keys = await generateKeyPair(bits);

  onProgress?.('certificate');
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = randomSerial();
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setFullYear(now.getFullYear() + VALIDITY_YEARS);
  // UTF8String: forge's default PrintableString cannot hold every host name, and LXD (Go)
  // refuses the TLS handshake for a certificate with an invalid PrintableString.
  // (@types/node-forge declares valueTagClass as an asn1.Class; forge reads an asn1.Type.)
  const utf8 = forge.asn1.Type.UTF8 as unknown as forge.asn1.Class;
  const subject = [
    { name: 'commonName', value: `lxd-ui-${hostname}`, valueTagClass: utf8 },
    { name: 'organizationName', value: 'LXD console (browser generated)', valueTagClass: utf8 },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', critical: true, digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', clientAuth: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());

  onProgress?.('pfx');
  // 3DES and a SHA-1 MAC: what every browser and the macOS and Windows stores can import.
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], password, {
    algorithm: '3des',
    friendlyName: `LXD console (${hostname})`,
  });
  const der = forge.asn1.toDer(asn1).getBytes();
  const pfx = Uint8Array.from(der, (char) => char.charCodeAt(0));

  return { crt: forge.pki.certificateToPem(cert), pfx };
}
