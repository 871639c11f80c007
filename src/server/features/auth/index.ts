export { authRoutes } from './routes';
export { CustomerSignIn } from './customer-sign-in';
export { hashPassword } from './hash-password';
export { toUser } from './user-dto';
export { checkSecondFactor, clearSecondFactor } from './second-factor';
export { issueResetLink } from './passwords';
