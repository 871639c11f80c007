import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { BackLinkPage } from '../../components/back-link-page';
import { useCurrentUser } from '../auth/api/get-current-user';
import { DataRightsSection } from './components/data-rights-section';

function SignInFirst() {
  useEffect(() => {
    window.location.assign(`/api/login?returnTo=${encodeURIComponent('/account')}`);
  }, []);
  return <p className="p-6 text-ink-muted">Taking you to sign in…</p>;
}

/** /account: the signed-in customer's account page (their data rights, decision 027). */
export default function AccountScreen() {
  const me = useCurrentUser();
  if (me.data === null) return <SignInFirst />;
  if (me.data && (me.data.isAgent || me.data.isAdmin))
    return <Navigate replace to="/agent/chats" />;
  return (
    <BackLinkPage
      back={{ to: '/trade', label: 'Back to trading' }}
      title="Your account"
      width="max-w-3xl"
    >
      {me.data && <DataRightsSection />}
    </BackLinkPage>
  );
}
