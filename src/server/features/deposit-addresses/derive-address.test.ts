import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { deriveAddress, readAccountKey, type AccountKey } from './derive-address';

/** The BIP84/49/44 test vectors' mnemonic. */
const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const root = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC));

/** The account keys as BIP84, BIP49 and BIP44 publish them for that mnemonic. */
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const YPUB =
  'ypub6Ww3ibxVfGzLrAH1PNcjyAWenMTbbAosGNB6VvmSEgytSER9azLDWCxoJwW7Ke7icmizBMXrzBx9979FfaHxHcrArf3zbeJJJUZPf663zsP';
const XPUB =
  'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj';

function read(network: 'BTC' | 'USDT-TRC20', text: string): AccountKey {
  const account = readAccountKey(network, text);
  if ('problem' in account) throw new Error(account.problem);
  return account;
}

describe('addresses derived from an account extended public key', () => {
  it.each([
    [
      'BIP84 zpub (P2WPKH)',
      ZPUB,
      "m/84'/0'/0'",
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
    ],
    [
      'BIP49 ypub (P2SH-P2WPKH)',
      YPUB,
      "m/49'/0'/0'",
      '37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf',
      '3LtMnn87fqUeHBUG414p9CWwnoV6E2pNKS',
    ],
    [
      'BIP44 xpub (P2PKH)',
      XPUB,
      "m/44'/0'/0'",
      '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA',
      '1Ak8PffB2meyfYnbXZR9EGfLfFZVpzJvQP',
    ],
  ])('%s: 0/0 and 0/1 as the BIP publishes them', (_name, key, path, first, second) => {
    const account = read('BTC', key);
    // The published key is the mnemonic's own account key.
    expect(account.key.publicKey).toEqual(root.derive(path).publicKey);
    expect(deriveAddress(account, 0)).toBe(first);
    expect(deriveAddress(account, 1)).toBe(second);
  });

  it("TRON: the account key at m/44'/195'/0' gives 0/index as TRON wallets do", () => {
    const account = read('USDT-TRC20', root.derive("m/44'/195'/0'").publicExtendedKey);
    expect(deriveAddress(account, 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
  });

  it('refuses a private key, a key that is not account-level, a TRON key in another form, and garbage', () => {
    const problem = (network: 'BTC' | 'USDT-TRC20', text: string) => {
      const read = readAccountKey(network, text);
      return 'problem' in read ? read.problem : null;
    };
    expect(problem('BTC', root.derive("m/84'/0'/0'").privateExtendedKey)).toMatch(
      /^This is a private key/,
    );
    expect(problem('BTC', root.derive("m/84'/0'").publicExtendedKey)).toMatch(/depth 2/);
    expect(problem('USDT-TRC20', ZPUB)).toMatch(/m\/44’\/195’\/0’/);
    expect(problem('BTC', `${ZPUB.slice(0, -1)}t`)).toMatch(/checksum/);
    expect(problem('BTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).not.toBeNull();
  });
});
