/** The spec's wait before a refused visitor is sent home. */
export const ACCESS_DENIED_REDIRECT_MS = 1000;
