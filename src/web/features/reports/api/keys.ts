/**
 * Every query of the admin dashboard lives under this key, so one invalidation after a realtime
 * event refreshes the figures and whichever list is on screen.
 */
export const ADMIN_DASHBOARD_KEY = 'admin-dashboard';

/** Rows per "Load more". */
export const PAGE_SIZE = 25;
