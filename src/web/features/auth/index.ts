export { currentUserQuery, getCurrentUser, useCurrentUser } from './api/get-current-user';
