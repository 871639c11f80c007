import { useEffect, useLayoutEffect, useRef } from 'react';
import { isTypingTarget, typeInto } from '../../../lib/keyboard';

export type InboxShortcutId = 'next' | 'previous' | 'resolve' | 'reply' | 'canned' | 'help';

export interface InboxShortcut {
  id: InboxShortcutId;
  /** The keys as the help dialog shows them, each alternative a list of keys pressed together. */
  keys: readonly (readonly string[])[];
  description: string;
  matches: (event: KeyboardEvent) => boolean;
}

const plain = (key: string) => (event: KeyboardEvent) =>
  event.key === key && !event.altKey && !event.ctrlKey && !event.metaKey;
const withAlt = (key: string) => (event: KeyboardEvent) =>
  event.key === key && event.altKey && !event.ctrlKey && !event.metaKey;

/**
 * The inbox's keyboard shortcuts, listed under `?`. None fires while the agent types in a box
 * (so `/` in the reply box stays the canned-reply picker's, and letters stay letters), nor
 * inside a dialog or menu.
 */
export const INBOX_SHORTCUTS: readonly InboxShortcut[] = [
  {
    id: 'next',
    keys: [['j'], ['Alt', '↓']],
    description: 'Next chat',
    matches: (e) => plain('j')(e) || withAlt('ArrowDown')(e),
  },
  {
    id: 'previous',
    keys: [['k'], ['Alt', '↑']],
    description: 'Previous chat',
    matches: (e) => plain('k')(e) || withAlt('ArrowUp')(e),
  },
  { id: 'resolve', keys: [['e']], description: 'Resolve the chat', matches: plain('e') },
  { id: 'reply', keys: [['r']], description: 'Reply (focus the message box)', matches: plain('r') },
  {
    id: 'canned',
    keys: [['c']],
    description: 'Canned replies (types / in the message box)',
    matches: plain('c'),
  },
  { id: 'help', keys: [['?']], description: 'Show these shortcuts', matches: plain('?') },
];

/** The chat after (or before) `openId` in the list; the first (or last) when none is open. */
export function neighbourChat(
  ids: readonly number[],
  openId: number | null,
  step: 1 | -1,
): number | null {
  if (ids.length === 0) return null;
  const at = openId === null ? -1 : ids.indexOf(openId);
  if (at === -1) return step === 1 ? ids[0]! : ids[ids.length - 1]!;
  return ids[at + step] ?? null;
}

/** Where the canned-reply picker starts: a `/` at the caret, after a space if text precedes. */
export function cannedReplyTrigger(box: HTMLTextAreaElement): string {
  const before = box.value.slice(0, box.selectionStart ?? box.value.length);
  return before === '' || /\s$/.test(before) ? '/' : ' /';
}

function inOverlay(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[role="dialog"], [role="menu"]') !== null;
}

/**
 * Listens for the inbox's shortcuts on the window. `replyBox` finds the open conversation's
 * reply box (none when no chat is open or it is closed); `resolveButton` its Resolve action
 * (none when the viewer may not resolve it), which the shortcut presses.
 */
export function useInboxShortcuts(options: {
  chatIds: readonly number[];
  openId: number | null;
  openChat: (id: number) => void;
  showHelp: () => void;
  replyBox: () => HTMLTextAreaElement | null;
  resolveButton: () => HTMLButtonElement | null;
}): void {
  const latest = useRef(options);
  // In the commit, before the browser paints: a key pressed right after moving to a chat
  // already moves from that chat, not from the one before it.
  useLayoutEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      if (isTypingTarget(event.target) || inOverlay(event.target)) return;
      const shortcut = INBOX_SHORTCUTS.find((s) => s.matches(event));
      if (!shortcut) return;
      const { chatIds, openId, openChat, showHelp, replyBox, resolveButton } = latest.current;
      switch (shortcut.id) {
        case 'next':
        case 'previous': {
          const id = neighbourChat(chatIds, openId, shortcut.id === 'next' ? 1 : -1);
          if (id !== null) openChat(id);
          break;
        }
        case 'reply':
        case 'canned': {
          const box = replyBox();
          if (!box) return;
          if (shortcut.id === 'reply') box.focus();
          else typeInto(box, cannedReplyTrigger(box));
          break;
        }
        case 'resolve': {
          const button = resolveButton();
          if (!button || button.disabled) return;
          button.click();
          break;
        }
        case 'help':
          showHelp();
          break;
      }
      event.preventDefault();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
