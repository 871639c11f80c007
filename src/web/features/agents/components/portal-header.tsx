import { MessagesSquare, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { TopBar, TopBarLink } from '../../../components/top-bar';

/**
 * The admin screens' dark bar, like the agent portal's: brand, the screen's title, actions;
 * `signOut`: the sign-out button, which the route gives the screen (auth's).
 */
export function PortalHeader({ title, signOut }: { title: ReactNode; signOut: ReactNode }) {
  return (
    <TopBar
      title={title}
      navLabel="Agent portal"
      actions={
        <>
          <TopBarLink to="/agent/chats" icon={<MessagesSquare aria-hidden />} label="Chats" />
          <TopBarLink to="/agent/security" icon={<ShieldCheck aria-hidden />} label="Account" />
          {signOut}
        </>
      }
    />
  );
}
