import { KeyRound, LogIn } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { errorText } from '../../lib/error-text';
import { useResetPassword } from './api/sign-in-steps';
import { AuthCardHeading, AuthPageLayout } from './components/auth-page-layout';
import { NewPasswordFields } from './components/new-password-fields';

/**
 * /agent/reset-password#token: an admin's one-time link. The token rides in the fragment, which
 * the browser never sends, so no log or Referer holds it.
 */
export default function ResetPasswordScreen() {
  const [token] = useState(() => window.location.hash.slice(1));
  const reset = useResetPassword();
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!next) return setError('Please fill in all fields');
    if (next !== again) return setError('The new passwords do not match.');
    reset.mutate(
      { token, newPassword: next },
      { onError: (e) => setError(errorText(e, 'Could not set the password. Please try again.')) },
    );
  };
  return (
    <AuthPageLayout>
      <AuthCardHeading
        icon={<KeyRound aria-hidden />}
        title="Set a new password"
        description="This link works once, for an hour after your admin made it."
      />
      {reset.isSuccess ? (
        <div className="mt-6 grid gap-4">
          <p role="status">Your password is set. Every other sign-in of yours has ended.</p>
          <Link className={buttonClasses({ size: 'lg' })} to="/agent/login">
            <LogIn aria-hidden />
            Agent Login
          </Link>
        </div>
      ) : (
        <form className="mt-6 grid gap-4" onSubmit={onSubmit} noValidate>
          {!token && <ErrorAlert>This reset link is not valid.</ErrorAlert>}
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <NewPasswordFields
            idPrefix="reset-password"
            next={next}
            again={again}
            onNext={setNext}
            onAgain={setAgain}
          />
          <Button type="submit" size="lg" disabled={!token || reset.isPending}>
            {reset.isPending ? 'Saving...' : 'Set password'}
          </Button>
        </form>
      )}
    </AuthPageLayout>
  );
}
