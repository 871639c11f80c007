import { describe, expect, it } from 'vitest';
import { approvalText, needsApproval } from './display';

describe('the "Approval Required" notice, at the server\'s APPROVAL_THRESHOLD_USD', () => {
  it('shows over the threshold only, whatever it is set to', () => {
    expect(needsApproval('50', '50')).toBe(false);
    expect(needsApproval('50.01', '50')).toBe(true);
    expect(needsApproval('60', '75.50')).toBe(false);
    expect(needsApproval('75.50', '75.50')).toBe(false);
    expect(needsApproval('75.51', '75.50')).toBe(true);
    expect(needsApproval('abc', '50')).toBe(false);
  });

  it("says the spec's text by default and the operator's amount otherwise", () => {
    expect(approvalText('50')).toBe('Transactions over $50 require supervisor approval.');
    expect(approvalText('75.50')).toBe('Transactions over $75.50 require supervisor approval.');
    expect(approvalText('1000')).toBe('Transactions over $1,000 require supervisor approval.');
  });
});
