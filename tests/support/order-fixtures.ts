/**
 * What the browser tests of orders share: the desk's rates and addresses, a valid account
 * number, and the figures they make.
 *
 * The figures, by hand. The price server says $97,250.50 per BTC; a 2 % spread makes the sell
 * rate $95,305.49, at ₦1,650 per USD ₦157,254,058.50 per BTC. 0.01 BTC pays ₦1,572,540.585,
 * half-up to the kobo ₦1,572,540.59.
 */
export const BTC_RATES = {
  usdToNaira: '1650',
  rates: [
    {
      currency: 'bitcoin',
      spreadPercentage: '2',
      buyRateUsd: '99195.51',
      sellRateUsd: '95305.49',
      buyRateNaira: '163672591.50',
      sellRateNaira: '157254058.50',
    },
  ],
};

/** 0.01 BTC at BTC_RATES' sell rate, in naira to the kobo. */
export const TOTAL_FOR_0_01_BTC = '₦1,572,540.59';

/** A GTBank NUBAN: serial 012345678, check digit 5. */
export const GTBANK_NUMBER = '0123456785';

/** A valid bech32 address for the desk's BTC book. */
export const BTC_DEPOSIT_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
