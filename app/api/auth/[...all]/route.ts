import { toNextJsHandler } from 'better-auth/next-js';
import { handleAuthRequest } from '@/lib/access/people/http';

/** better-auth's own endpoints (sign-in, sign-up, two-factor, sessions, teams): lib/access/people. */
const handle = (req: Request) => handleAuthRequest(req, { params: Promise.resolve({}) });
export const { GET, POST, PATCH, PUT, DELETE } = toNextJsHandler(handle);
