import {
  ArrowRight,
  CircleCheck,
  House,
  KeyRound,
  LockKeyhole,
  LogOut,
  UserRound,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { User } from '../../../shared/api/auth';
import { displayName } from '../../../shared/names';
import { ErrorAlert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { errorText } from '../../lib/error-text';
import { fullPageNavigation, signInUrl } from '../../lib/navigation';
import { toast } from '../../lib/toast';
import { useCurrentUser } from './api/get-current-user';
import { useInitializeAdmin } from './api/initialize-admin';
import { useSetupStatus } from './api/get-setup-status';
import { AccessCheckFailed } from './components/access-check-failed';
import { AuthCardHeading, AuthPageLayout, CheckingAccess } from './components/auth-page-layout';
import { useCredentials } from './lib/use-credentials';

export const ENTER_EMAIL_AND_SECRET = 'Please enter both email and secret';

/** Who is signed in, in the brand band: the setup promotes exactly this Google account. */
function SignedInAs({ user }: { user: User }) {
  return (
    <div className="flex min-w-0 items-center gap-1 text-sm">
      <p className="flex min-w-0 items-center gap-2 rounded-full bg-white/10 py-1.5 pr-3 pl-1.5 text-white/90">
        <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-gold-300 text-brand-950">
          <UserRound aria-hidden className="size-4" />
        </span>
        <span className="truncate">
          Signed in as <strong className="font-semibold text-white">{displayName(user)}</strong>
        </span>
      </p>
      <a
        href="/api/logout"
        aria-label="Sign out"
        title="Sign out"
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-white/80 hover:bg-white/10 hover:text-white"
      >
        <LogOut aria-hidden className="size-[18px]" />
      </a>
    </div>
  );
}

function SetupDone({ user }: { user: User }) {
  return (
    <>
      <AuthCardHeading
        icon={<CircleCheck aria-hidden />}
        title="Admin Setup Complete"
        description={`${displayName(user)} is now the admin. Create agent accounts and manage the desk from the agent portal.`}
      />
      <div className="mt-6 grid gap-3">
        <Link className={buttonClasses({ size: 'lg' })} to="/agent">
          Go to Agent Dashboard
          <ArrowRight aria-hidden />
        </Link>
        <Link className={buttonClasses({ variant: 'outline', size: 'lg' })} to="/">
          <House aria-hidden />
          Back to Home
        </Link>
      </div>
    </>
  );
}

function SetupForm({ user, onDone }: { user: User; onDone: (admin: User) => void }) {
  const initialize = useInitializeAdmin();
  const form = useCredentials({ account: user.email ?? '', missing: ENTER_EMAIL_AND_SECRET });
  const submit = form.onSubmit((email, secret) =>
    initialize.mutate(
      { email, secret },
      {
        onSuccess: (admin) => {
          toast({
            title: 'Admin Initialized',
            description: `${displayName(admin)} is now the admin.`,
            variant: 'success',
          });
          onDone(admin);
        },
        onError: (e) => {
          toast({
            title: 'Initialization Failed',
            description: errorText(e, 'Admin setup failed. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    ),
  );

  return (
    <>
      <AuthCardHeading
        icon={<KeyRound aria-hidden />}
        title="Admin Setup"
        description="Make your Google account the admin. This works once, with the setup secret from the server's configuration."
      />
      <form className="mt-6 grid gap-4" onSubmit={submit} noValidate>
        {form.error && <ErrorAlert>{form.error}</ErrorAlert>}
        <div className="grid gap-1.5">
          <Label htmlFor="admin-email">Google Email</Label>
          <Input
            id="admin-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            aria-describedby="admin-email-hint"
            value={form.account}
            onChange={(e) => form.setAccount(e.target.value)}
          />
          <p id="admin-email-hint" className="text-sm text-ink-muted">
            The email you signed in with Google.
          </p>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="admin-secret">Setup Secret</Label>
          <Input
            id="admin-secret"
            name="secret"
            type="password"
            autoComplete="off"
            value={form.secret}
            onChange={(e) => form.setSecret(e.target.value)}
          />
        </div>
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={initialize.isPending}>
          {initialize.isPending ? 'Initializing...' : 'Initialize Admin'}
        </Button>
      </form>
    </>
  );
}

/** The setup has run (or is off): said before anyone signs in or types a secret. */
function SetupClosed() {
  return (
    <>
      <AuthCardHeading
        icon={<LockKeyhole aria-hidden />}
        title="Admin Setup Closed"
        description="An admin already exists, so this one-time setup is closed (or it is turned off on this server). Ask your admin for an agent account."
      />
      <div className="mt-6 grid gap-3">
        <Link className={buttonClasses({ size: 'lg' })} to="/agent/login">
          Agent Login
          <ArrowRight aria-hidden />
        </Link>
        <Link className={buttonClasses({ variant: 'outline', size: 'lg' })} to="/">
          <House aria-hidden />
          Back to Home
        </Link>
      </div>
    </>
  );
}

/** Nobody signed in: the setup needs a Google account, so sign in first and come back. */
function SignInFirst() {
  useEffect(() => fullPageNavigation.assign(signInUrl('/admin/setup')), []);
  return <CheckingAccess />;
}

/** /admin/setup: the one-time promotion of the signed-in Google user to admin. */
export default function AdminSetupScreen() {
  const current = useCurrentUser();
  const status = useSetupStatus();
  const [admin, setAdmin] = useState<User | null>(null);
  // Without an answer the form stays: the server refuses a setup that cannot run anyway.
  if (!admin && status.data?.available === false) {
    return (
      <AuthPageLayout>
        <SetupClosed />
      </AuthPageLayout>
    );
  }
  if (current.isPending || status.isPending) return <CheckingAccess />;
  if (current.isError) return <AccessCheckFailed onRetry={() => void current.refetch()} />;
  if (!current.data) return <SignInFirst />;
  return (
    <AuthPageLayout aside={<SignedInAs user={current.data} />}>
      {admin ? <SetupDone user={admin} /> : <SetupForm user={current.data} onDone={setAdmin} />}
    </AuthPageLayout>
  );
}
