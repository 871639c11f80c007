import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. No tailwind-merge: it would cost the landing page 8 KB gzipped, so
 * components keep base classes and variants from setting the same property twice.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
