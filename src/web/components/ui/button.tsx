import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const base =
  'inline-flex items-center justify-center gap-2 rounded-xl text-center leading-tight font-semibold transition-colors select-none disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-[18px] [&_svg]:shrink-0';

const variants = {
  /** The main action on light surfaces. */
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900',
  /** A second action on light surfaces. */
  outline:
    'border border-brand-700/30 bg-white text-brand-800 hover:border-brand-700 hover:bg-brand-50',
  ghost: 'text-brand-800 hover:bg-brand-50',
  /** A destructive action (Deactivate, Remove): red on white. */
  danger: 'border border-down/30 bg-white text-down hover:border-down hover:bg-down-soft',
  /** The main action on dark brand surfaces. */
  gold: 'bg-gold-400 text-brand-950 shadow-sm hover:bg-gold-300 active:bg-gold-500',
} as const;

/**
 * Every size is at least 44 px tall: a comfortable touch target. A label too long for a
 * narrow screen wraps (the button grows) rather than overflowing its container.
 */
const sizes = {
  md: 'min-h-11 px-5 py-2 text-[15px]',
  lg: 'min-h-12 px-5 py-2 text-base',
} as const;

export interface ButtonStyle {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  className?: string;
}

/** The button look, for links that act as buttons (`<a className={buttonClasses()}>`). */
export function buttonClasses({ variant = 'primary', size = 'md', className }: ButtonStyle = {}) {
  return cn(base, variants[variant], sizes[size], className);
}

export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & ButtonStyle) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}
