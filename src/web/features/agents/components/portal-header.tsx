import { LogOut, MessagesSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { TopBar, TopBarButton, TopBarLink } from '../../../components/top-bar';
import { useAgentLogout } from '../../auth';

/** The admin screens' dark bar, like the agent portal's: brand, the screen's title, actions. */
export function PortalHeader({ title }: { title: ReactNode }) {
  const { logout, isPending } = useAgentLogout();
  return (
    <TopBar
      title={title}
      navLabel="Agent portal"
      actions={
        <>
          <TopBarLink to="/agent/chats" icon={<MessagesSquare aria-hidden />} label="Chats" />
          <TopBarButton
            icon={<LogOut aria-hidden />}
            label="Logout"
            onClick={logout}
            disabled={isPending}
          />
        </>
      }
    />
  );
}
