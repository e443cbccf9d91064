import { z } from 'zod';
import { pathText } from '../schemas/common.js';
import { route } from './route.js';

export const statementCalls = {
  list: route({
    method: 'GET',
    path: '/user/statements/:username',
    tier: 'user',
    tags: ['statements'],
    summary: "A customer's issued statements, newest month first",
    params: z.object({ username: pathText('User Id') }),
    response: { 200: z.array(z.string()) },
  }),
  download: route({
    method: 'GET',
    path: '/user/statements/download/:fileName',
    tier: 'user',
    tags: ['statements'],
    summary: 'One issued statement as a PDF (statement-{accountId}-{YYYY-MM}.pdf)',
    // The name is checked against the exact pattern in the domain (400), and only ever used as a key.
    params: z.object({ fileName: pathText('File name') }),
    produces: 'application/pdf',
    response: {},
  }),
};
