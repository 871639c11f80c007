/** Shown while a screen's code loads. */
export function PageSpinner() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center bg-canvas">
      <span
        aria-hidden
        className="size-8 animate-spin rounded-full border-[3px] border-brand-100 border-t-brand-700"
      />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
