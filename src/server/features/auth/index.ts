export { authRoutes } from './routes';
export { CustomerSignIn } from './customer-sign-in';
export { hashPassword } from './agent-login';
export { toUser } from './user-dto';
