/** Who is looking at a conversation: its customer, or an agent (or admin) handling it. */
export type Viewer = 'customer' | 'agent';
