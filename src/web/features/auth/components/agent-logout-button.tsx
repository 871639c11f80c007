import { LogOut } from 'lucide-react';
import { TopBarButton } from '../../../components/top-bar';
import { useAgentLogout } from '../api/agent-logout';

/** The agent portal's Logout in the top bar (useAgentLogout: the session ends, caches go). */
export function AgentLogoutButton() {
  const { logout, isPending } = useAgentLogout();
  return (
    <TopBarButton
      icon={<LogOut aria-hidden />}
      label="Logout"
      onClick={logout}
      disabled={isPending}
    />
  );
}
