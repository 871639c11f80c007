export { reportsPlugin } from './plugin';
export { listUsers } from './list-users';
