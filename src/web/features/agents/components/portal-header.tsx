import { MessagesSquare, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { TopBar, TopBarLink } from '../../../components/top-bar';
import { AgentLogoutButton } from '../../auth';

/** The admin screens' dark bar, like the agent portal's: brand, the screen's title, actions. */
export function PortalHeader({ title }: { title: ReactNode }) {
  return (
    <TopBar
      title={title}
      navLabel="Agent portal"
      actions={
        <>
          <TopBarLink to="/agent/chats" icon={<MessagesSquare aria-hidden />} label="Chats" />
          <TopBarLink to="/agent/security" icon={<ShieldCheck aria-hidden />} label="Account" />
          <AgentLogoutButton />
        </>
      }
    />
  );
}
