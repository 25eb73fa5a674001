import { describe, expect, it } from 'vitest';
import { EC_UTC_TIME, RSA_GENERALIZED_TIME, V1_WITHOUT_VERSION } from './testing/pem-fixtures';
import { certificateValidity } from './x509';

describe('certificate validity', () => {
  it('reads UTCTime dates (an EC certificate as LXD lists it)', () => {
    expect(certificateValidity(EC_UTC_TIME)).toEqual({
      notBefore: new Date('2026-11-24T15:53:42Z'),
      notAfter: new Date('2036-11-21T15:53:42Z'),
    });
  });

  it('reads GeneralizedTime dates (years from 2050) and long DER lengths (RSA)', () => {
    expect(certificateValidity(RSA_GENERALIZED_TIME)?.notAfter).toEqual(
      new Date('2136-05-31T21:10:38Z'),
    );
  });

  it('reads version 1 certificates, which have no version field', () => {
    expect(certificateValidity(V1_WITHOUT_VERSION)).toEqual({
      notBefore: new Date('2026-11-24T21:10:38Z'),
      notAfter: new Date('2026-12-24T21:10:38Z'),
    });
  });

  it('reads the PEM with Windows line ends and text around it', () => {
    const wrapped = `Subject: x\r\n${EC_UTC_TIME.replace(/\n/g, '\r\n')}trailer`;
    expect(certificateValidity(wrapped)?.notAfter).toEqual(new Date('2036-11-21T15:53:42Z'));
  });

  it('gives undefined for what is not a certificate', () => {
    expect(certificateValidity('')).toBeUndefined();
    expect(
      certificateValidity('-----BEGIN CERTIFICATE-----\n!!!\n-----END CERTIFICATE-----'),
    ).toBeUndefined();
    expect(
      certificateValidity(
        `-----BEGIN CERTIFICATE-----\n${btoa('\x30\x03\x02\x01\x01')}\n-----END CERTIFICATE-----`,
      ),
    ).toBeUndefined();
    // Cut short: the lengths point past the end.
    const truncated = EC_UTC_TIME.split('\n').slice(0, 3).join('\n');
    expect(certificateValidity(`${truncated}\n-----END CERTIFICATE-----`)).toBeUndefined();
  });
});
