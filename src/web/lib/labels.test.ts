import { describe, expect, it } from 'vitest';
import { CATEGORY_LABELS, CUSTOMER_STATUS_LABELS, PRIORITY_LABELS } from './labels';

describe('labels', () => {
  it('capitalises each value and keeps the names spelt otherwise', () => {
    expect(CATEGORY_LABELS).toEqual({
      bitcoin: 'Bitcoin',
      usdt: 'USDT',
      payment: 'Payment',
      subscription: 'Subscription',
      general: 'General',
    });
    expect(CUSTOMER_STATUS_LABELS.dispute).toBe('Dispute');
    expect(PRIORITY_LABELS.high).toBe('High');
  });
});
