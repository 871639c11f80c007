export { availabilityKeys } from './api/keys';
export { useAgentRoster } from './api/agent-roster';
export { useDeskStatus } from './api/desk-status';
export { useMyAvailability, useSetMyAvailability } from './api/my-availability';
export { AvailabilitySwitch } from './components/availability-switch';
export { BreakButton } from './components/break-button';
export { DeskStatusLine, deskStatusText } from './components/desk-status-line';
