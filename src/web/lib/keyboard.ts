/**
 * Whether a key press goes into something the user types in (an input, a textarea, a select,
 * an editable element): single-key shortcuts must leave those keys alone.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  // Buttons and boxes that take no text do not swallow letters.
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'color', 'file'].includes(
    type,
  );
}

/**
 * Types `text` at the caret of a text box as if the user had: React's onChange and any
 * listener for input events hear it, and the browser's undo keeps it where supported.
 */
export function typeInto(box: HTMLTextAreaElement | HTMLInputElement, text: string): void {
  box.focus();
  // execCommand is deprecated but is still the one way to type into a box with undo; where it
  // does nothing (jsdom), the value is set the way React's own onChange listens for.
  if (typeof document.execCommand === 'function' && document.execCommand('insertText', false, text))
    return;
  const start = box.selectionStart ?? box.value.length;
  const end = box.selectionEnd ?? box.value.length;
  const next = box.value.slice(0, start) + text + box.value.slice(end);
  const prototype = Object.getPrototypeOf(box) as HTMLTextAreaElement | HTMLInputElement;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(box, next);
  box.setSelectionRange(start + text.length, start + text.length);
  box.dispatchEvent(new Event('input', { bubbles: true }));
}
