export { authPlugin } from './plugin';
export { hashPassword } from './hash-password';
export { toUser } from './user-dto';
export { checkSecondFactor, clearSecondFactor } from './second-factor';
export { issueResetLink } from './passwords';
