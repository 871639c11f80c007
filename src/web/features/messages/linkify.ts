export type TextPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_CANDIDATE = /\bhttps?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence, not the address ("see https://x.ng/a."). */
const TRAILING = /[.,!?;:'*_]+$/;

/** Drops a closing bracket the address did not open: "(https://x.ng/a)". */
function trimUnbalanced(url: string): string {
  let end = url;
  for (;;) {
    const stripped = end.replace(TRAILING, '');
    const last = stripped.at(-1);
    const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
    const open = last ? pairs[last] : undefined;
    if (open && stripped.split(open).length < stripped.split(last!).length) {
      end = stripped.slice(0, -1);
      continue;
    }
    return stripped;
  }
}

/**
 * A message's text cut into plain text and web links (http and https only), for rendering
 * as text nodes and anchors: nothing in a message ever becomes HTML.
 */
export function linkify(content: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of content.matchAll(URL_CANDIDATE)) {
    const candidate = trimUnbalanced(match[0]);
    let href: string;
    try {
      const url = new URL(candidate);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      href = url.href;
    } catch {
      continue;
    }
    if (match.index > from) parts.push({ kind: 'text', text: content.slice(from, match.index) });
    parts.push({ kind: 'link', text: candidate, href });
    from = match.index + candidate.length;
  }
  if (from < content.length) parts.push({ kind: 'text', text: content.slice(from) });
  return parts;
}
