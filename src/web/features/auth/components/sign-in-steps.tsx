import { KeyRound, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { EnrolmentConfirmed, SignInState } from '../../../../shared/api/auth';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { errorText } from '../../../lib/error-text';
import {
  useChangePassword,
  useConfirmEnrolment,
  useStartEnrolment,
  useSubmitCode,
} from '../api/sign-in-steps';
import { AuthCardHeading } from './auth-page-layout';
import { NewPasswordFields } from './new-password-fields';

function CodeField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name="code"
        autoComplete="one-time-code"
        inputMode="text"
        autoCapitalize="none"
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** After the password: the six-digit code from the authenticator app, or a recovery code. */
export function CodeStep({ onDone }: { onDone: (state: SignInState) => void }) {
  const submit = useSubmitCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError('Enter the code');
    submit.mutate(code.trim(), {
      onSuccess: onDone,
      onError: (e) => setError(errorText(e, 'Could not check the code. Please try again.')),
    });
  };
  return (
    <>
      <AuthCardHeading
        icon={<ShieldCheck aria-hidden />}
        title="Two-factor sign-in"
        description="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
      />
      <form className="mt-6 grid gap-4" onSubmit={onSubmit} noValidate>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <CodeField id="sign-in-code" label="Code" value={code} onChange={setCode} />
        <Button type="submit" size="lg" disabled={submit.isPending}>
          {submit.isPending ? 'Checking...' : 'Verify'}
        </Button>
      </form>
    </>
  );
}

/**
 * Turning on two-factor sign-in: a QR code (and its secret, to type in by hand), the first code
 * from the app, then the ten recovery codes, shown this once.
 */
export function EnrolStep({
  onDone,
  required,
}: {
  onDone: (state: SignInState) => void;
  /** STAFF_2FA=required: nothing else works until this is done. */
  required: boolean;
}) {
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<EnrolmentConfirmed | null>(null);

  if (confirmed) {
    return (
      <>
        <AuthCardHeading
          icon={<KeyRound aria-hidden />}
          title="Save your recovery codes"
          description="Each code signs you in once if you lose your phone. They are shown only now: keep them somewhere safe."
        />
        <ol
          data-testid="recovery-codes"
          className="mt-6 grid grid-cols-2 gap-2 rounded-xl bg-canvas p-4 font-mono text-sm"
        >
          {confirmed.recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
        <Button size="lg" className="mt-6 w-full" onClick={() => onDone(confirmed)}>
          I have saved these codes
        </Button>
      </>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError('Enter the code');
    confirm.mutate(code.trim(), {
      onSuccess: setConfirmed,
      onError: (e) => setError(errorText(e, 'Could not check the code. Please try again.')),
    });
  };
  return (
    <>
      <AuthCardHeading
        icon={<ShieldCheck aria-hidden />}
        title="Set up two-factor sign-in"
        description={
          required
            ? 'Your desk requires a second factor for staff. Scan the QR code with an authenticator app, then enter the code it shows.'
            : 'Scan the QR code with an authenticator app, then enter the code it shows.'
        }
      />
      {start.data ? (
        <form className="mt-6 grid gap-4" onSubmit={onSubmit} noValidate>
          <img
            src={start.data.qrCode}
            alt="QR code for your authenticator app"
            className="mx-auto size-48"
          />
          <p className="text-center text-sm text-ink-muted">
            Or type this key:{' '}
            <code data-testid="totp-secret" className="font-mono break-all text-ink">
              {start.data.secret}
            </code>
          </p>
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <CodeField id="enrol-code" label="Code from the app" value={code} onChange={setCode} />
          <Button type="submit" size="lg" disabled={confirm.isPending}>
            {confirm.isPending ? 'Checking...' : 'Turn on'}
          </Button>
        </form>
      ) : (
        <div className="mt-6 grid gap-4">
          {start.error && (
            <ErrorAlert>{errorText(start.error, 'Could not start. Please try again.')}</ErrorAlert>
          )}
          <Button size="lg" onClick={() => start.mutate()} disabled={start.isPending}>
            Show QR code
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * A new password: the owner's first (`first`: an account made with a generated one, no
 * current password asked), or a change from the account page (the current one asked).
 */
export function NewPasswordForm({
  first,
  onDone,
}: {
  first: boolean;
  onDone: (state: SignInState) => void;
}) {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if ((!first && !current) || !next) return setError('Please fill in all fields');
    if (next !== again) return setError('The new passwords do not match.');
    change.mutate(first ? { newPassword: next } : { currentPassword: current, newPassword: next }, {
      onSuccess: (state) => {
        setCurrent('');
        setNext('');
        setAgain('');
        setError(null);
        onDone(state);
      },
      onError: (e) => setError(errorText(e, 'Could not change the password. Please try again.')),
    });
  };
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      {!first && (
        <div className="grid gap-1.5">
          <Label htmlFor="current-password">Current password</Label>
          <Input
            id="current-password"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </div>
      )}
      <NewPasswordFields
        idPrefix="new-password"
        next={next}
        again={again}
        onNext={setNext}
        onAgain={setAgain}
      />
      <Button type="submit" size="lg" disabled={change.isPending}>
        {change.isPending ? 'Saving...' : 'Set password'}
      </Button>
    </form>
  );
}

/** After sign-in, for an account made with a generated password. */
export function FirstPasswordStep({ onDone }: { onDone: (state: SignInState) => void }) {
  return (
    <>
      <AuthCardHeading
        icon={<KeyRound aria-hidden />}
        title="Choose your own password"
        description="Your account was made with a generated password. Set your own to continue."
      />
      <div className="mt-6">
        <NewPasswordForm first onDone={onDone} />
      </div>
    </>
  );
}
