import { ArrowLeft, Headset, LogIn } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { errorText } from '../../lib/error-text';
import { useAgentLogin } from './api/agent-login';
import { AuthCardHeading, AuthPageLayout } from './components/auth-page-layout';

export const FILL_IN_ALL_FIELDS = 'Please fill in all fields';
export const LOGIN_FAILED = 'Login failed';

/** /agent/login: agents (and admins with a password) sign in with email and password. */
export default function AgentLoginScreen() {
  const navigate = useNavigate();
  const login = useAgentLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username.trim() || !password.trim()) {
      setError(FILL_IN_ALL_FIELDS);
      return;
    }
    setError(null);
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: () => navigate('/agent/chats', { replace: true }),
        onError: (e) => setError(errorText(e, LOGIN_FAILED)),
      },
    );
  }

  return (
    <AuthPageLayout>
      <AuthCardHeading
        icon={<Headset aria-hidden />}
        title="Agent Login"
        description="Sign in to the agent portal to answer customer chats."
      />
      <form className="mt-6 grid gap-4" onSubmit={submit} noValidate>
        {error && <ErrorAlert>{error}</ErrorAlert>}
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
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="agent-password">Password</Label>
          <Input
            id="agent-password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
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
