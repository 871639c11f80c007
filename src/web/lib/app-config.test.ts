// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { readAppConfig } from './app-config';

function setMeta(content: string | null) {
  document.head.innerHTML = '';
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = 'app-config';
  meta.setAttribute('content', content);
  document.head.append(meta);
}

afterEach(() => setMeta(null));

describe('app config', () => {
  it('reads the configuration the server put in the page', () => {
    setMeta(
      '{"brandName":"Naija Desk","whatsappNumber":"2348012345678","supportContact":"+234 801 234 5678","demoMode":false,"payoutSlaMinutes":30,"disputeResponseHours":24,"firstResponseTargetMinutes":5,"quoteTtlMinutes":15,"minOrderNaira":"5000","maxOrderNaira":"50000000","approvalThresholdUsd":"50","whatsappChannel":false,"depositWatchMs":30000}',
    );
    expect(readAppConfig()).toEqual({
      brandName: 'Naija Desk',
      whatsappNumber: '2348012345678',
      supportContact: '+234 801 234 5678',
      demoMode: false,
      payoutSlaMinutes: 30,
      disputeResponseHours: 24,
      firstResponseTargetMinutes: 5,
      quoteTtlMinutes: 15,
      minOrderNaira: '5000',
      maxOrderNaira: '50000000',
      approvalThresholdUsd: '50',
      whatsappChannel: false,
      depositWatchMs: 30_000,
    });
  });

  it('fails clearly when the tag is missing or wrong', () => {
    setMeta(null);
    expect(() => readAppConfig()).toThrow(/is missing/);
    setMeta('{not json');
    expect(() => readAppConfig()).toThrow(/does not hold JSON/);
    setMeta(
      '{"brandName":"X","whatsappNumber":2348012345678,"supportContact":"x@y.ng","demoMode":false}',
    );
    expect(() => readAppConfig()).toThrow('whatsappNumber must be a string');
  });
});
