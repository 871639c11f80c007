import { LogOut, MonitorSmartphone, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import type { AccountSecurity } from '../../../shared/api/auth';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/error-text';
import { toast } from '../../lib/toast';
import { useAccountSecurity, useDismissNewDevices, useEndSession } from './api/sign-in-steps';
import { AuthPageLayout } from './components/auth-page-layout';
import { RequireAgent } from './components/require-agent';
import { EnrolStep, NewPasswordForm } from './components/sign-in-steps';
import { NewDeviceNotice } from './components/new-device-notice';

const when = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short' });

function Devices({ security }: { security: AccountSecurity }) {
  const end = useEndSession();
  return (
    <ul className="grid gap-3" aria-label="Signed-in devices">
      {security.sessions.map((s) => (
        <li
          key={s.id}
          data-testid="staff-session"
          className="flex items-start gap-3 rounded-xl border border-line p-3"
        >
          <MonitorSmartphone aria-hidden className="mt-0.5 size-5 shrink-0 text-ink-muted" />
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-semibold break-words">{s.userAgent ?? 'Unknown browser'}</p>
            <p className="text-ink-muted">
              {s.ipAddress ?? 'Unknown address'} · last seen {when.format(new Date(s.lastSeenAt))}
              {s.current && ' · this device'}
            </p>
          </div>
          {!s.current && (
            <Button
              variant="outline"
              disabled={end.isPending}
              onClick={() => end.mutate(s.id)}
              aria-label={`End the session on ${s.userAgent ?? 'this device'}`}
            >
              <LogOut aria-hidden />
              End
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

function SecurityPanels() {
  const security = useAccountSecurity();
  const dismiss = useDismissNewDevices();
  const [enrolling, setEnrolling] = useState(false);
  if (security.isPending) return <p>Loading...</p>;
  if (security.isError)
    return <ErrorAlert>{errorText(security.error, 'Could not load your account.')}</ErrorAlert>;
  const data = security.data;
  return (
    <div className="grid gap-8">
      <h1 className="text-2xl font-bold">Account security</h1>
      <NewDeviceNotice
        devices={data.newDevices}
        onDismiss={() => dismiss.mutate()}
        pending={dismiss.isPending}
      />
      <section className="grid gap-3" aria-labelledby="two-factor-heading">
        <h2 id="two-factor-heading" className="text-lg font-semibold">
          Two-factor sign-in
        </h2>
        {data.twoFactorEnabled ? (
          <p>
            On. {data.recoveryCodesLeft} of 10 recovery codes left. Lost your phone? Ask an admin to
            reset it.
          </p>
        ) : enrolling ? (
          <EnrolStep
            required={false}
            onDone={() => {
              setEnrolling(false);
              void security.refetch();
            }}
          />
        ) : (
          <div className="grid gap-3">
            <p className="flex items-center gap-2">
              <ShieldAlert aria-hidden className="size-5 text-down" /> Off: your password alone
              signs you in.
            </p>
            <Button onClick={() => setEnrolling(true)}>Turn on two-factor sign-in</Button>
          </div>
        )}
      </section>
      <section className="grid gap-3" aria-labelledby="password-heading">
        <h2 id="password-heading" className="text-lg font-semibold">
          Change password
        </h2>
        <NewPasswordForm
          first={false}
          onDone={() => {
            toast({
              title: 'Password changed',
              description: 'Every other device of yours has been signed out.',
              variant: 'success',
            });
            void security.refetch();
          }}
        />
      </section>
      <section className="grid gap-3" aria-labelledby="devices-heading">
        <h2 id="devices-heading" className="text-lg font-semibold">
          Signed-in devices
        </h2>
        <Devices security={data} />
      </section>
    </div>
  );
}

/** /agent/security: a staff member's password, second factor and signed-in devices. */
export default function AccountSecurityScreen() {
  return (
    <RequireAgent>
      <AuthPageLayout wide>
        <SecurityPanels />
      </AuthPageLayout>
    </RequireAgent>
  );
}
