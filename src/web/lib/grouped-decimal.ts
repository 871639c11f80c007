/**
 * Thousands separators in a money field as it is typed: "1513200.00" shows "1,513,200.00",
 * while the value the form keeps (and sends) stays the plain decimal string. Whatever is not
 * a number yet ("1513200.", "-", "abc") is left for the field's own message, only its whole
 * digits grouped.
 */
export function groupTypedDecimal(text: string): string {
  const match = /^(-?)(\d+)(.*)$/.exec(text);
  if (!match) return text;
  const [, sign, whole, rest] = match;
  return `${sign}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${rest}`;
}

/** What was typed, without the separators the field shows. */
export function ungroup(text: string): string {
  return text.replaceAll(',', '');
}

/**
 * Where the caret goes in `formatted` so that it stays after the same `kept` characters that
 * are not separators: typing a digit that adds a comma does not throw the caret back.
 */
export function caretAfter(formatted: string, kept: number): number {
  if (kept <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (formatted[i] !== ',') seen++;
    if (seen === kept) return i + 1;
  }
  return formatted.length;
}

/** Groups the whole part of a plain decimal string ("7862702.93" -> "7,862,702.93"), no floats. */
export function groupDigits(value: string): string {
  const [whole = '0', fraction] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}
