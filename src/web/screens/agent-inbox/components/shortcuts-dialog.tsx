import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { INBOX_SHORTCUTS } from '../lib/inbox-shortcuts';

/** The inbox's keyboard shortcuts, opened with `?`. */
export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Keyboard shortcuts"
        description="They work when you are not typing in a box."
      >
        <dl className="flex flex-col divide-y divide-line" data-testid="shortcuts">
          {INBOX_SHORTCUTS.map((shortcut) => (
            <div
              key={shortcut.id}
              data-shortcut={shortcut.id}
              className="flex min-h-11 items-center justify-between gap-4 py-2"
            >
              <dt className="text-sm">{shortcut.description}</dt>
              <dd className="flex shrink-0 items-center gap-2 text-xs text-ink-muted">
                {shortcut.keys.map((combo, i) => (
                  <span key={combo.join('+')} className="flex items-center gap-1">
                    {i > 0 && <span>or</span>}
                    {combo.map((key) => (
                      <kbd
                        key={key}
                        className="inline-flex min-w-7 justify-center rounded-md border border-line bg-canvas px-1.5 py-0.5 font-mono text-xs font-semibold text-ink"
                      >
                        {key}
                      </kbd>
                    ))}
                  </span>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
