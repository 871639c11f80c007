export { agentsPlugin } from './plugin';
export { createAgent, parseAgentInput } from './create-agent';
