/** A one-time token as the server makes them (newToken): 32 random bytes in base64url, 43 characters. */
export const ONE_TIME_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
