import { bech32, bech32m } from '@scure/base';
import { describe, expect, it } from 'vitest';
import {
  base58check,
  isBitcoinAddress,
  isSegwitAddress,
  isTronAddress,
  isValidDepositAddress,
} from './address-validation';

/** Every single-character substitution that keeps the address in its own alphabet. */
function oneCharChanged(address: string, position: number): string {
  const char = address[position]!;
  const replacement = char === 'x' ? 'y' : char === 'X' ? 'Y' : char === '2' ? '3' : '2';
  return address.slice(0, position) + replacement + address.slice(position + 1);
}

describe('bech32 / bech32m (BIP-173, BIP-350 test vectors)', () => {
  it.each([
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
    'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
    'BC1SW50QGDZ25J',
    'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
  ])('accepts %s', (address) => {
    expect(isSegwitAddress(address)).toBe(true);
    expect(isValidDepositAddress('BTC', address)).toBe(true);
  });

  it.each([
    // v1 with a bech32 (not bech32m) checksum
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
    // v16 with a bech32 checksum
    'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL',
    // v0 with a bech32m checksum
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh',
    // program too short
    'bc1pw5dgrnzv',
    // v0 program of 16 bytes
    'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P',
    // non-zero padding
    'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du',
    // empty data
    'bc1gmk9yu',
    // testnet: mainnet only
    'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    // mixed case
    'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ])('refuses %s', (address) => {
    expect(isValidDepositAddress('BTC', address)).toBe(false);
  });

  it('refuses every one-character change of a valid address', () => {
    const good = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0';
    for (let i = 3; i < good.length; i++) {
      expect(isSegwitAddress(oneCharChanged(good, i)), `position ${i}`).toBe(false);
    }
  });

  it('tells bech32 from bech32m', () => {
    expect(bech32.decodeUnsafe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBeDefined();
    expect(bech32m.decodeUnsafe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBeUndefined();
    expect(bech32m.decodeUnsafe('bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs')).toBeDefined();
  });
});

describe('base58check', () => {
  it('decodes leading 1s as zero bytes, with the checksum', () => {
    const encoded = base58check.encode(Uint8Array.from([0, 0, 1]));
    expect(encoded.startsWith('11')).toBe(true);
    expect([...base58check.decode(encoded)]).toEqual([0, 0, 1]);
    expect(() => base58check.decode('10OIl')).toThrow();
  });

  it.each([
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'the genesis block (P2PKH)'],
    ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'P2SH'],
    ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'P2PKH'],
  ])('accepts the BTC address %s (%s)', (address) => {
    expect(isBitcoinAddress(address)).toBe(true);
  });

  it.each([
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'last character changed'],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN', 'one character short'],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNaa', 'one character long'],
    ['1a1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'case changed'],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7Div0Na', 'a 0, outside base58'],
    ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'testnet'],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'a TRON address'],
    ['', 'empty'],
  ])('refuses %s (%s)', (address) => {
    expect(isBitcoinAddress(address)).toBe(false);
  });

  it('refuses every one-character change of the genesis address', () => {
    const good = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
    for (let i = 1; i < good.length; i++) {
      expect(isBitcoinAddress(oneCharChanged(good, i)), `position ${i}`).toBe(false);
    }
  });

  it.each([
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'the USDT contract'],
    ['TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 'WINkLink'],
  ])('accepts the TRON address %s (%s)', (address) => {
    expect(isTronAddress(address)).toBe(true);
    expect(isValidDepositAddress('USDT-TRC20', address)).toBe(true);
  });

  it.each([
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'last character changed'],
    // The USDT contract as it is often mistyped ("SW" for "Sz"): the checksum catches it.
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSWgjLj6t', 'one character changed'],
    ['tR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'case changed'],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', 'one character short'],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'a Bitcoin address'],
    ['0x dac17f958d2ee523a2206206994597c13d831ec7', 'an Ethereum address'],
  ])('refuses %s (%s)', (address) => {
    expect(isValidDepositAddress('USDT-TRC20', address)).toBe(false);
  });

  it('refuses every one-character change of a TRON address', () => {
    const good = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    for (let i = 1; i < good.length; i++) {
      expect(isTronAddress(oneCharChanged(good, i)), `position ${i}`).toBe(false);
    }
  });
});
