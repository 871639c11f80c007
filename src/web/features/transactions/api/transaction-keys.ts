/** Cache keys of the transactions feature. */
export const transactionKeys = {
  all: ['transactions'] as const,
  session: (chatSessionId: number) => ['transactions', 'session', chatSessionId] as const,
  /** A customer's trading history. */
  customer: (customerId: string) => ['transactions', 'customer', customerId] as const,
  customers: ['transactions', 'customer'] as const,
  /** The admins' Approvals list. */
  approvals: ['transactions', 'approvals'] as const,
};
