/** The spec's texts for transactions (SPEC 2, 5, 8), exact. */
export const REQUIRED_FIELDS = 'Please fill in all required fields';
export const TRANSACTION_CREATED = 'Transaction has been created successfully';
export const CREATE_FAILED = 'Failed to create transaction';
