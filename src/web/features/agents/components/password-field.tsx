import { Eye, EyeOff, WandSparkles } from 'lucide-react';
import { useState } from 'react';
import { generatePassword, PASSWORD_MIN_LENGTH } from '../../../../shared/api/agents';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';

/**
 * The new agent's password: typed, or made by Generate (12 characters from a cryptographic
 * random source, shown so the admin can pass it on), with a show/hide toggle.
 */
export function PasswordField({
  id,
  value,
  onChange,
  invalid,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Password</Label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Input
            id={id}
            name="password"
            type={visible ? 'text' : 'password'}
            autoComplete="new-password"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-hint`}
            className="pr-12 font-mono"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-controls={id}
            className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-xl text-ink-muted hover:text-brand-800"
          >
            {visible ? (
              <EyeOff aria-hidden className="size-[18px]" />
            ) : (
              <Eye aria-hidden className="size-[18px]" />
            )}
          </button>
        </div>
        <Button
          variant="outline"
          className="shrink-0 px-3 sm:px-4"
          onClick={() => {
            onChange(generatePassword());
            setVisible(true);
          }}
        >
          <WandSparkles aria-hidden />
          {/* Icon only on phones, so the password itself keeps the room. */}
          <span className="max-sm:sr-only">Generate</span>
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        At least {PASSWORD_MIN_LENGTH} characters. Give it to the agent privately.
      </p>
    </div>
  );
}
