import { z } from 'zod';
import { loginBody } from '../schemas/auth.js';
import { route } from './route.js';
import { signInCall } from './sign-in.js';

export const sessionCalls = {
  login: route({
    ...signInCall,
    tier: 'public',
    tags: ['sessions'],
    body: loginBody.nullish(),
    produces: 'text/plain',
    response: { 200: z.string(), 401: z.string() },
  }),
  logout: route({
    method: 'POST',
    path: '/logout',
    tier: 'user',
    tags: ['sessions'],
    response: { 204: z.null() },
  }),
  health: route({
    method: 'GET',
    path: '/healthz',
    tier: 'public',
    tags: ['sessions'],
    response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.string() }) },
  }),
};
