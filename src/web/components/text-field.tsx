import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { inputClasses, Label } from './ui/input';

/**
 * A labelled text box (one line, or several with `multiline`) with its problem under it, tied
 * to it for screen readers. Typed codes and references: no autocomplete, no spell check.
 */
export function TextField({
  id,
  label,
  value,
  onChange,
  placeholder,
  problem,
  multiline = false,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Shown under the box once the caller decides it is worth saying. */
  problem: string | null;
  multiline?: boolean;
}) {
  const boxProps = {
    id,
    value,
    placeholder,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${id}-problem` : undefined,
    className: cn(inputClasses, multiline && 'min-h-20 resize-y'),
  };
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {multiline ? (
        <textarea {...boxProps} rows={2} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...boxProps}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {problem && (
        <p id={`${id}-problem`} className="text-sm font-medium text-down">
          {problem}
        </p>
      )}
    </div>
  );
}
