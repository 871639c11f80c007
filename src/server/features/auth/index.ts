export { authRoutes } from './routes';
export { CustomerSignIn } from './customer-sign-in';
export { hashPassword } from './hash-password';
export { toUser } from './user-dto';
