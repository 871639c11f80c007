export { currentUserQuery, getCurrentUser, useCurrentUser } from './api/get-current-user';
export {
  agentAccessQuery,
  getAgentAccess,
  useAgentAccess,
  type AgentAccess,
} from './api/get-agent-access';
export { agentLogout, useAgentLogout } from './api/agent-logout';
export { AgentLogoutButton } from './components/agent-logout-button';
export { AgentLoginRequired, RequireAgent } from './components/require-agent';
export { AgentAccessDenied, AgentOnly, AGENT_PRIVILEGES_REQUIRED } from './components/agent-only';
export { NO_ADMIN_PRIVILEGES, RequireAdmin } from './components/require-admin';
export { AGENT_ACCESS_REQUIRED, RequireAgentOrHome } from './components/require-agent-or-home';
export { RequireSignIn } from './components/require-sign-in';
export { useGuardedUser } from './components/guarded-user';
export { AuthCardHeading, AuthPageLayout } from './components/auth-page-layout';
export { ACCESS_DENIED_REDIRECT_MS } from './constants';
