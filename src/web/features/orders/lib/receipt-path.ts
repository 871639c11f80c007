/** Where an order's printable receipt is (the web route `/orders/:id/receipt`). */
export function receiptPath(orderId: number): string {
  return `/orders/${orderId}/receipt`;
}
