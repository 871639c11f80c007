import { Decimal } from 'decimal.js';

/** What a receipt says, as far as its text could be read. */
export interface ReceiptReading {
  /** The transaction reference or session id, upper case, without spaces. */
  reference: string | null;
  /** Naira, to the kobo ("2400000.00"). */
  amount: string | null;
  /** The transfer's day (YYYY-MM-DD). */
  date: string | null;
  /** A 10-digit account number (NUBAN). */
  account: string | null;
}

const MONTHS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;

/** Labels a reference follows, most telling first (a NIP session id is the same at both banks). */
const REFERENCE_LABELS: readonly RegExp[] = [
  /session\s*(?:id|no\.?|number)?/i,
  /transaction\s*(?:ref(?:erence)?|id|no\.?|number)/i,
  /trans(?:action)?\.?\s*ref/i,
  /ref(?:erence)?\s*(?:id|no\.?|number)?/i,
  /receipt\s*(?:no\.?|number)/i,
  /(?:tx|transaction)\s*hash/i,
];

/** Amounts that are not the transfer's. */
const NOT_THE_AMOUNT = /fee|charge|vat|stamp|balance|bal\b|commission/i;

/**
 * OCR reads digits as look-alike letters now and then (O for 0, l for 1): in a run that is
 * mostly digits, they are taken back to digits.
 */
function digitsOf(token: string): string {
  return token
    .replace(/[Oo]/g, '0')
    .replace(/[Il|!]/g, '1')
    .replace(/[Ss]/g, '5');
}

/** A token that can be a reference: 8 or more letters, digits and separators, at least 6 digits. */
function asReference(raw: string): string | null {
  const token = raw.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
  if (token.length < 8) return null;
  // A date is no reference.
  if (/^(\d{1,4})[/.-]\d{1,2}[/.-]\d{1,4}$/.test(token)) return null;
  const letters = (token.match(/[A-Za-z]/g) ?? []).length;
  const digits = (token.match(/\d/g) ?? []).length;
  // A run of digits with a stray look-alike letter in it is a number read wrong.
  const value = letters <= 2 && digits >= token.length - 4 ? digitsOf(token) : token;
  if ((value.match(/\d/g) ?? []).length < 6) return null;
  if (!/^[A-Za-z0-9][A-Za-z0-9/_-]*$/.test(value)) return null;
  return value.toUpperCase();
}

/** The text after a label on its line, or the next line when the label stands alone. */
function afterLabel(lines: readonly string[], label: RegExp): string[] {
  const found: string[] = [];
  lines.forEach((line, i) => {
    const match = label.exec(line);
    if (!match) return;
    const rest = line.slice(match.index + match[0].length).replace(/^[\s:;.#=-]+/, '');
    if (rest) found.push(rest);
    const next = lines[i + 1];
    if (next) found.push(next);
  });
  return found;
}

/** Digit runs with the spaces OCR puts in long numbers taken out ("1234 5678 …"). */
function joinedDigitRuns(line: string): string[] {
  return (line.match(/\d[\dOoIl| ]*\d/g) ?? []).map((run) => digitsOf(run).replace(/ /g, ''));
}

function findReference(lines: readonly string[]): string | null {
  // A NIP session id: 30 digits, wherever it stands.
  for (const line of lines) {
    const session = joinedDigitRuns(line).find((run) => /^\d{30}$/.test(run));
    if (session) return session;
  }
  for (const label of REFERENCE_LABELS) {
    for (const value of afterLabel(lines, label)) {
      const compact = value.replace(/\s+(?=[\dA-Za-z/-]*\d)/g, '');
      const first = compact.split(/\s+/)[0];
      const reference = first ? asReference(first) : null;
      if (reference) return reference;
    }
  }
  // A chain transaction id (Bitcoin, TRON): 64 hexadecimal digits.
  const hash = lines.join(' ').match(/\b[0-9a-fA-F]{64}\b/);
  return hash ? hash[0].toLowerCase() : null;
}

/** "1,250,000.00" with an optional naira sign, or NGN / N before it (OCR reads ₦ as N, # or §). */
const AMOUNT = /(?:(NGN|₦|[N#§H¥])\s?)?(\d{1,3}(?:[,.]\s?\d{3})+|\d+)\s?[.,]\s?(\d{2})(?!\d)/g;

function findAmount(lines: readonly string[]): string | null {
  const candidates: { value: string; score: number }[] = [];
  lines.forEach((line, i) => {
    if (NOT_THE_AMOUNT.test(line)) return;
    const labelled =
      /amount|total|sum|paid|sent|debit/i.test(line) || /amount/i.test(lines[i - 1] ?? '');
    for (const match of line.matchAll(AMOUNT)) {
      const [, sign, whole, kobo] = match;
      if (!whole || !kobo) continue;
      // Account numbers and ids are long digit runs without separators: not money.
      if (!sign && !/[,.]/.test(whole) && !labelled) continue;
      const value = new Decimal(`${whole.replace(/[,.\s]/g, '')}.${kobo}`);
      candidates.push({ value: value.toFixed(2), score: (sign ? 2 : 0) + (labelled ? 1 : 0) });
    }
  });
  candidates.sort((a, b) => b.score - a.score);
  return candidates[0]?.value ?? null;
}

function isoDay(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 2000 || year > 2100) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

function monthOf(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase() as (typeof MONTHS)[number]) + 1;
}

function findDate(text: string): string | null {
  const patterns: [RegExp, (m: RegExpMatchArray) => string | null][] = [
    // 2026-11-12
    [/\b(20\d{2})[-/.](\d{1,2})[-/.](\d{1,2})\b/, (m) => isoDay(+m[1]!, +m[2]!, +m[3]!)],
    // 12/11/2026: Nigerian banks write the day first.
    [/\b(\d{1,2})[-/.](\d{1,2})[-/.](20\d{2})\b/, (m) => isoDay(+m[3]!, +m[2]!, +m[1]!)],
    // 12 Nov 2026, 12th November, 2026
    [
      /\b(\d{1,2})(?:st|nd|rd|th)?[\s-]+([A-Za-z]{3,9})\.?,?[\s-]+(20\d{2})\b/,
      (m) => isoDay(+m[3]!, monthOf(m[2]!), +m[1]!),
    ],
    // Nov 12, 2026 / November 12th 2026
    [
      /\b([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(20\d{2})\b/,
      (m) => isoDay(+m[3]!, monthOf(m[1]!), +m[2]!),
    ],
  ];
  for (const [pattern, read] of patterns) {
    const match = text.match(pattern);
    const day = match && read(match);
    if (day) return day;
  }
  return null;
}

function findAccount(lines: readonly string[], reference: string | null): string | null {
  const tenDigits = (line: string) =>
    joinedDigitRuns(line).filter((run) => /^\d{10}$/.test(run) && run !== reference);
  for (const value of afterLabel(lines, /acc(?:oun)?t|acct|beneficiary|recipient|to\b/i)) {
    const [found] = tenDigits(value);
    if (found) return found;
  }
  for (const line of lines) {
    const [found] = tenDigits(line);
    if (found) return found;
  }
  return null;
}

/** Characters OCR reads one for the other, each group taken to one of them. */
const LOOK_ALIKES: Record<string, string> = {
  O: '0',
  Q: '0',
  D: '0',
  I: '1',
  L: '1',
  '|': '1',
  Z: '2',
  S: '5',
  G: '6',
  B: '8',
};

/**
 * What two readings of one reference have in common: upper case, no separators, look-alike
 * characters made one. Two different references that differ only in look-alikes would compare
 * equal: a flag an agent looks at, never a verdict.
 */
export function referenceKey(reference: string): string {
  return reference
    .toUpperCase()
    .replace(/[^A-Z0-9|]/g, '')
    .replace(/[OQDILZSGB|]/g, (c) => LOOK_ALIKES[c]!);
}

/** The reference, amount, date and account a receipt's OCR text shows; null for each not found. */
export function parseReceipt(text: string): ReceiptReading {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const reference = findReference(lines);
  return {
    reference,
    amount: findAmount(lines),
    date: findDate(text),
    account: findAccount(lines, reference),
  };
}
