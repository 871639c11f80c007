import { KeyRound, LogOut, ShieldCheck, ShieldMinus, ShieldPlus, ShieldOff } from 'lucide-react';
import type { Agent, ResetLink } from '../../../../shared/api/agents';
import { displayName } from '../../../../shared/names';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import { toast } from '../../../lib/toast';
import {
  useEndMemberSessions,
  useIssueResetLink,
  useResetSecondFactor,
  useSetAdmin,
} from '../api/staff-security';

const expiry = new Intl.DateTimeFormat('en-NG', { timeStyle: 'short' });

function failed(title: string) {
  return (e: unknown) =>
    toast({ title, description: errorText(e, 'Please try again.'), variant: 'destructive' });
}

/**
 * An admin's security actions on one staff member: the admin role, their second factor, a
 * one-time password reset link (shown here once) and ending all their sessions.
 */
export function StaffSecurityActions({ agent, isSelf }: { agent: Agent; isSelf: boolean }) {
  const name = displayName(agent);
  const setAdmin = useSetAdmin();
  const resetFactor = useResetSecondFactor();
  const issueLink = useIssueResetLink();
  const endSessions = useEndMemberSessions();
  const link: ResetLink | undefined = issueLink.data;

  return (
    <div className="grid gap-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span
          data-testid="two-factor-status"
          className="inline-flex items-center gap-1 text-xs text-ink-muted"
        >
          {agent.twoFactorEnabled ? (
            <ShieldCheck aria-hidden className="size-4 text-up" />
          ) : (
            <ShieldOff aria-hidden className="size-4" />
          )}
          {agent.twoFactorEnabled ? 'Two-factor on' : 'Two-factor off'}
        </span>
        <Button
          variant="outline"
          size="md"
          disabled={setAdmin.isPending || (!agent.isActive && !agent.isAdmin)}
          onClick={() =>
            setAdmin.mutate(
              { id: agent.id, isAdmin: !agent.isAdmin },
              {
                onSuccess: (a) =>
                  toast({
                    title: a.isAdmin ? 'Admin Added' : 'Admin Removed',
                    description: `${name} ${a.isAdmin ? 'is now an admin' : 'is no longer an admin'}.`,
                    variant: 'success',
                  }),
                onError: failed('Admin Change Failed'),
              },
            )
          }
        >
          {agent.isAdmin ? <ShieldMinus aria-hidden /> : <ShieldPlus aria-hidden />}
          {agent.isAdmin ? 'Remove admin' : 'Make admin'}
          <span className="sr-only"> ({name})</span>
        </Button>
        {agent.twoFactorEnabled && !isSelf && (
          <Button
            variant="outline"
            size="md"
            disabled={resetFactor.isPending}
            onClick={() =>
              resetFactor.mutate(
                { id: agent.id },
                {
                  onSuccess: () =>
                    toast({
                      title: 'Two-factor Reset',
                      description: `${name} was signed out and sets it up again at the next sign-in.`,
                      variant: 'success',
                    }),
                  onError: failed('Reset Failed'),
                },
              )
            }
          >
            <ShieldOff aria-hidden />
            Reset two-factor<span className="sr-only"> ({name})</span>
          </Button>
        )}
        {!isSelf && (
          <>
            <Button
              variant="outline"
              size="md"
              disabled={issueLink.isPending}
              onClick={() => issueLink.mutate(agent.id, { onError: failed('Reset Link Failed') })}
            >
              <KeyRound aria-hidden />
              Password reset link<span className="sr-only"> ({name})</span>
            </Button>
            <Button
              variant="outline"
              size="md"
              disabled={endSessions.isPending}
              onClick={() =>
                endSessions.mutate(agent.id, {
                  onSuccess: ({ ended }) =>
                    toast({
                      title: 'Sessions Ended',
                      description: `${name} was signed out of ${ended} session${ended === 1 ? '' : 's'}.`,
                      variant: 'success',
                    }),
                  onError: failed('Ending Sessions Failed'),
                })
              }
            >
              <LogOut aria-hidden />
              End all sessions<span className="sr-only"> ({name})</span>
            </Button>
          </>
        )}
      </div>
      {link && (
        <div data-testid="reset-link" className="grid gap-1 rounded-xl bg-canvas p-3">
          <p>
            Give this link to {name} yourself (it is shown only now; it works once, until{' '}
            {expiry.format(new Date(link.expiresAt))}):
          </p>
          <code className="font-mono text-xs break-all">{link.url}</code>
        </div>
      )}
    </div>
  );
}
