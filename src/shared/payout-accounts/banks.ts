/**
 * The banks a customer can be paid into.
 *
 * Source: the Central Bank of Nigeria's NUBAN bank codes (the 3-digit codes of the deposit money
 * banks, which the check digit covers; CBN "Revised Standards on Nigeria Uniform Bank Account
 * Number (NUBAN) for Banks and Other Financial Institutions", 2020) and, for the payment service
 * and microfinance banks, their NIBSS institution codes. `resolveCode` is the code a
 * Paystack-compatible name enquiry (`/bank/resolve`) knows the bank by: the same 3 digits for the
 * deposit money banks, Paystack's own codes for the fintechs. Checked against both lists in
 * November 2026; Heritage Bank (030) is left out since the CBN revoked its licence (June 2024).
 *
 * `scheme`: `nuban` accounts carry the CBN check digit. The fintechs' `phone` accounts are the
 * holder's phone number without its leading 0, which no check digit covers: for them only the
 * 10 digits and the name enquiry apply.
 */
export interface Bank {
  code: string;
  /** The full name, for the bank picker. */
  name: string;
  /** The name customers know, for "GTBank 0123451234". */
  shortName: string;
  resolveCode: string;
  scheme: 'nuban' | 'phone';
}

const nuban = (code: string, name: string, shortName: string): Bank => ({
  code,
  name,
  shortName,
  resolveCode: code,
  scheme: 'nuban',
});

export const BANKS: readonly Bank[] = [
  nuban('044', 'Access Bank', 'Access'),
  nuban('023', 'Citibank Nigeria', 'Citibank'),
  nuban('050', 'Ecobank Nigeria', 'Ecobank'),
  nuban('070', 'Fidelity Bank', 'Fidelity'),
  nuban('011', 'First Bank of Nigeria', 'First Bank'),
  nuban('214', 'First City Monument Bank', 'FCMB'),
  nuban('103', 'Globus Bank', 'Globus'),
  nuban('058', 'Guaranty Trust Bank', 'GTBank'),
  nuban('301', 'Jaiz Bank', 'Jaiz'),
  nuban('082', 'Keystone Bank', 'Keystone'),
  nuban('303', 'Lotus Bank', 'Lotus'),
  nuban('107', 'Optimus Bank', 'Optimus'),
  nuban('104', 'Parallex Bank', 'Parallex'),
  nuban('076', 'Polaris Bank', 'Polaris'),
  nuban('105', 'PremiumTrust Bank', 'PremiumTrust'),
  nuban('101', 'Providus Bank', 'Providus'),
  nuban('106', 'Signature Bank', 'Signature'),
  nuban('221', 'Stanbic IBTC Bank', 'Stanbic IBTC'),
  nuban('068', 'Standard Chartered Bank', 'Standard Chartered'),
  nuban('232', 'Sterling Bank', 'Sterling'),
  nuban('100', 'SunTrust Bank', 'SunTrust'),
  nuban('302', 'TAJBank', 'TAJBank'),
  nuban('102', 'Titan Trust Bank', 'Titan Trust'),
  nuban('032', 'Union Bank of Nigeria', 'Union Bank'),
  nuban('033', 'United Bank for Africa', 'UBA'),
  nuban('215', 'Unity Bank', 'Unity'),
  nuban('035', 'Wema Bank', 'Wema'),
  nuban('057', 'Zenith Bank', 'Zenith'),
  {
    code: '090267',
    name: 'Kuda Microfinance Bank',
    shortName: 'Kuda',
    resolveCode: '50211',
    scheme: 'phone',
  },
  {
    code: '090405',
    name: 'Moniepoint Microfinance Bank',
    shortName: 'Moniepoint',
    resolveCode: '50515',
    scheme: 'phone',
  },
  {
    code: '100004',
    name: 'OPay Digital Services',
    shortName: 'OPay',
    resolveCode: '999992',
    scheme: 'phone',
  },
  {
    code: '100033',
    name: 'PalmPay',
    shortName: 'PalmPay',
    resolveCode: '999991',
    scheme: 'phone',
  },
];

const BY_CODE = new Map(BANKS.map((bank) => [bank.code, bank]));

export function findBank(code: string): Bank | undefined {
  return BY_CODE.get(code);
}
