/** The cookie that carries a session's token (the CSRF token is bound to it). */
export const SESSION_COOKIE = 'einwurf_session';
