import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { inputClasses, Label } from './ui/input';
import { cn } from '../lib/cn';
import { caretAfter, groupTypedDecimal, ungroup } from '../lib/grouped-decimal';

/**
 * A labelled numeric input with its reason when invalid. A number input holds "" while what
 * is typed is no number (the browser's badInput), so that case is told apart here and said
 * as "... must be a number" rather than "... is required". `grouped` (naira figures) shows
 * thousands separators as one types, in a text input (a number input cannot show them);
 * `value` and `onChange` stay plain decimal strings.
 */
export function MoneyField({
  id,
  label,
  value,
  onChange,
  error,
  notANumber,
  step = 'any',
  prefix,
  suffix,
  hint,
  className,
  inputClassName,
  grouped = false,
  'data-testid': testId,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field (the caller decides when: after an edit or a save attempt). */
  error?: string | null;
  /** The message for input that is no number at all. */
  notANumber: string;
  step?: string;
  prefix?: string;
  suffix?: string;
  hint?: ReactNode;
  className?: string;
  inputClassName?: string;
  grouped?: boolean;
  'data-testid'?: string;
}) {
  const [badInput, setBadInput] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  /** Characters before the caret, separators not counted, after the last grouped edit. */
  const caret = useRef<number | null>(null);
  const shown = grouped ? groupTypedDecimal(value) : value;
  useLayoutEffect(() => {
    if (caret.current === null || !input.current) return;
    const at = caretAfter(shown, caret.current);
    caret.current = null;
    input.current.setSelectionRange(at, at);
  }, [shown]);
  const message = badInput ? notANumber : error;
  const describedBy = message ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('min-w-0', className)}>
      <Label htmlFor={id} className="mb-1.5">
        {label}
      </Label>
      <div className="relative">
        {prefix && (
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-ink-muted"
          >
            {prefix}
          </span>
        )}
        <input
          ref={input}
          id={id}
          type={grouped ? 'text' : 'number'}
          inputMode="decimal"
          autoComplete={grouped ? 'off' : undefined}
          step={grouped ? undefined : step}
          value={shown}
          data-testid={testId}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            if (grouped) {
              const typed = event.target.value;
              const before = typed.slice(0, event.target.selectionStart ?? typed.length);
              caret.current = ungroup(before).length;
              onChange(ungroup(typed));
              return;
            }
            setBadInput(event.target.validity?.badInput ?? false);
            onChange(event.target.value);
          }}
          // A wheel over a focused number input would change the figure unseen.
          onWheel={(event) => event.currentTarget.blur()}
          className={cn(
            inputClasses,
            'tabular-nums',
            prefix && 'pl-8',
            suffix && 'pr-14',
            inputClassName,
          )}
        />
        {suffix && (
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 right-3.5 flex items-center text-sm font-medium text-ink-muted"
          >
            {suffix}
          </span>
        )}
      </div>
      {hint && !message && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      )}
      {message && (
        <p
          id={`${id}-error`}
          className="mt-1 text-sm font-medium text-down"
          data-testid="field-error"
        >
          {message}
        </p>
      )}
    </div>
  );
}
