export { PushPrompt } from './components/push-prompt';
export { AgentPushPrompt } from './components/agent-push-prompt';
export { shouldOfferPush } from './lib/enable-push';
