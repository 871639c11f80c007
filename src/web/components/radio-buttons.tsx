import type { ReactNode } from 'react';

/**
 * A few choices side by side as buttons, one of them checked: a radio group (the composer's
 * Reply / Private note, an amount's unit, the calculator's coin). The caller lays it out.
 */
export function RadioButtons<T extends string>({
  label,
  value,
  options,
  onChange,
  className,
  buttonClassName,
  children,
}: {
  /** The group's accessible name. */
  label: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
  className: string;
  buttonClassName: (checked: boolean, option: T) => string;
  /** What a button says. */
  children: (option: T) => ReactNode;
}) {
  return (
    <div role="radiogroup" aria-label={label} className={className}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={value === option}
          onClick={() => onChange(option)}
          className={buttonClassName(value === option, option)}
        >
          {children(option)}
        </button>
      ))}
    </div>
  );
}
