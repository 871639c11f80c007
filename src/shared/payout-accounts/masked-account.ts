/** How a payout account is shown everywhere: "GTBank ****1234". Never the full number. */
export function maskedAccount(bankShortName: string, accountNumber: string): string {
  return `${bankShortName} ****${accountNumber.slice(-4)}`;
}
