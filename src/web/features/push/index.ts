export { PushPrompt } from './components/push-prompt';
