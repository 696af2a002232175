/** The log-in page, where the session notice sends a borrower and where it never shows. */
export const LOGIN_PATH = '/login';
