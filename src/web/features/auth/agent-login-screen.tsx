import { ArrowLeft, Headset, LogIn } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { SignInState, SignInStep } from '../../../shared/api/auth';
import { ErrorAlert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { errorText } from '../../lib/error-text';
import { useAgentLogin } from './api/agent-login';
import { useSignedIn, useSignInState } from './api/sign-in-steps';
import { CodeStep, EnrolStep, FirstPasswordStep } from './components/sign-in-steps';
import { AuthCardHeading, AuthPageLayout } from './components/auth-page-layout';
import { useCredentials } from './lib/use-credentials';

export const FILL_IN_ALL_FIELDS = 'Please fill in all fields';
export const LOGIN_FAILED = 'Login failed';

/** /agent/login: agents (and admins with a password) sign in with email and password. */
export default function AgentLoginScreen() {
  const navigate = useNavigate();
  const login = useAgentLogin();
  const form = useCredentials({ missing: FILL_IN_ALL_FIELDS });
  const signedIn = useSignedIn();
  // A Google-signed-in admin who owes a step is sent here with ?resume (server's callback).
  const [params] = useSearchParams();
  const resumed = useSignInState({ enabled: params.has('resume') });
  const [step, setStep] = useState<SignInStep | null>(null);
  const current = step ?? resumed.data?.next ?? null;
  const advance = (state: SignInState) => {
    if (state.next === null) {
      signedIn(state);
      navigate('/agent/chats', { replace: true });
    } else setStep(state.next);
  };
  const submit = form.onSubmit((username, password) =>
    login.mutate(
      { username, password },
      {
        onSuccess: advance,
        onError: (e) => form.setError(errorText(e, LOGIN_FAILED)),
      },
    ),
  );

  if (current === 'code')
    return (
      <AuthPageLayout>
        <CodeStep onDone={advance} />
      </AuthPageLayout>
    );
  if (current === 'enrol')
    return (
      <AuthPageLayout>
        <EnrolStep required onDone={advance} />
      </AuthPageLayout>
    );
  if (current === 'password')
    return (
      <AuthPageLayout>
        <FirstPasswordStep onDone={advance} />
      </AuthPageLayout>
    );

  return (
    <AuthPageLayout>
      <AuthCardHeading
        icon={<Headset aria-hidden />}
        title="Agent Login"
        description="Sign in to the agent portal to answer customer chats."
      />
      <form className="mt-6 grid gap-4" onSubmit={submit} noValidate>
        {form.error && <ErrorAlert>{form.error}</ErrorAlert>}
        <div className="grid gap-1.5">
          <Label htmlFor="agent-username">Username</Label>
          <Input
            id="agent-username"
            name="username"
            type="email"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="you@example.com"
            value={form.account}
            onChange={(e) => form.setAccount(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="agent-password">Password</Label>
          <Input
            id="agent-password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={form.secret}
            onChange={(e) => form.setSecret(e.target.value)}
          />
        </div>
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={login.isPending}>
          <LogIn aria-hidden />
          {login.isPending ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
      <div className="mt-6 border-t border-line pt-5">
        <Link className={buttonClasses({ variant: 'ghost', className: 'w-full' })} to="/">
          <ArrowLeft aria-hidden />
          Back to Customer Portal
        </Link>
      </div>
    </AuthPageLayout>
  );
}
