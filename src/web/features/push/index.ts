export { PushPrompt } from './components/push-prompt';
export { AgentPushPrompt, useAgentPushOffer } from './components/agent-push-prompt';
