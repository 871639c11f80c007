import { describe, expect, it } from 'vitest';
import { parseReceipt, referenceKey } from './parse-receipt';

describe('parseReceipt on OCR text', () => {
  it('reads a GTBank-style receipt: NGN amount, day-first date, labelled account, session id', () => {
    const text = [
      'GTBank',
      'Transaction Receipt',
      'Amount',
      'NGN 2,499,998.93',
      'Beneficiary',
      'CHIOMA NWOSU',
      'Account: 0123456789',
      'Transaction Date',
      '03/10/2026 09:17',
      'Session ID',
      '000013261003091712345678901234',
      'Fee NGN 10.75',
    ].join('\n');
    expect(parseReceipt(text)).toEqual({
      reference: '000013261003091712345678901234',
      amount: '2499998.93',
      date: '2026-10-03',
      account: '0123456789',
    });
  });

  it('reads ₦ as OCR writes it (§, N), a month name date and a bank reference on the next line', () => {
    const text =
      'Transfer Successful\n§1,891,619.76\nRecipient: ADEBAYO OLUWASEUN\n' +
      'Account Number: 1103314535\nDate: Jan 13, 2026 18:02\nReference\n\nZ1B145986609996\n';
    expect(parseReceipt(text)).toEqual({
      reference: 'Z1B145986609996',
      amount: '1891619.76',
      date: '2026-01-13',
      account: '1103314535',
    });
    expect(parseReceipt(text.replace('§', 'N')).amount).toBe('1891619.76');
  });

  it('joins a session id OCR split with spaces, and takes O and l in it for digits', () => {
    const text = 'Session ID: 0000 1326 11O2 1432 0988 7766 5544 33\nAmount ₦86,400.00';
    const read = parseReceipt(text.replace('1432', '14l2'));
    expect(read.reference).toBe('000013261102141209887766554433');
    expect(read.amount).toBe('86400.00');
  });

  it('reads an OPay-style receipt: account before the bank name, ordinal date, transaction no.', () => {
    const text = [
      'OPay',
      'Transfer successful',
      '₦540,000.00',
      'Recipient Details',
      'IBRAHIM MUSA',
      '8031234567 | OPay',
      'Transaction No.',
      '26092118451029384756',
      'Transaction Date',
      'Sep 21st, 2026 18:45:07',
    ].join('\n');
    expect(parseReceipt(text)).toEqual({
      reference: '26092118451029384756',
      amount: '540000.00',
      date: '2026-09-21',
      account: '8031234567',
    });
  });

  it('skips fees and balances for the amount, and finds a chain transaction id', () => {
    const hash = 'ab'.repeat(32);
    const text = `Fee: NGN 50.00\nAvailable balance NGN 9,999,999.00\nSent NGN 1,000.00\nTx hash\n${hash}`;
    expect(parseReceipt(text)).toMatchObject({ amount: '1000.00', reference: hash });
  });

  it('finds nothing in a picture without a receipt', () => {
    expect(parseReceipt('Bitcoin\nWallet\nReceive\n')).toEqual({
      reference: null,
      amount: null,
      date: null,
      account: null,
    });
  });

  it('does not take a short number, a date or a name for a reference', () => {
    expect(parseReceipt('Reference\nPAYMENT\nRef: 12/11/2026\nReference: 1234').reference).toBe(
      null,
    );
  });
});

describe('referenceKey', () => {
  it('makes two readings of one reference equal, and keeps different references apart', () => {
    expect(referenceKey('ZIB145986609996')).toBe(referenceKey('Z1B145986609996'));
    expect(referenceKey('trf-88213390011')).toBe(referenceKey('TRF88213390O11'));
    expect(referenceKey('ZIB145986609996')).not.toBe(referenceKey('ZIB145986609997'));
  });
});
