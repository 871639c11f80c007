/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A cell that a
 * spreadsheet would run as a formula (= + - @ at the start) is prefixed with ' so it stays text.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
