import { describe, expect, it } from 'vitest';
import { tradeMessage, whatsAppTradeLink } from './whatsapp-link';

describe('WhatsApp trade links', () => {
  it('prefills the spec text for each asset', () => {
    expect(tradeMessage('Bitcoin')).toBe(
      'Hello, I want to sell Bitcoin. What is your current rate?',
    );
    expect(tradeMessage('USDT')).toBe('Hello, I want to sell USDT. What is your current rate?');
  });

  it('opens wa.me with our number and the URL-encoded text', () => {
    const link = whatsAppTradeLink('2348012345678', 'Bitcoin');
    expect(link).toBe(
      'https://wa.me/2348012345678?text=Hello%2C%20I%20want%20to%20sell%20Bitcoin.%20What%20is%20your%20current%20rate%3F',
    );
    expect(new URL(link).searchParams.get('text')).toBe(tradeMessage('Bitcoin'));
  });

  it('keeps only the digits of the number', () => {
    expect(whatsAppTradeLink('+234 801 234 5678', 'USDT')).toMatch(
      /^https:\/\/wa\.me\/2348012345678\?/,
    );
  });
});
