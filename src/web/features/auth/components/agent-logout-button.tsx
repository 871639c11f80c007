import { LogOut } from 'lucide-react';
import { Button, type ButtonStyle } from '../../../components/ui/button';
import { useAgentLogout } from '../api/agent-logout';

/** The agent portal's Logout: ends the session, then the agent login screen. */
export function AgentLogoutButton(style: ButtonStyle) {
  const { logout, isPending } = useAgentLogout();
  return (
    <Button {...style} onClick={logout} disabled={isPending}>
      <LogOut aria-hidden />
      Logout
    </Button>
  );
}
