import { z } from 'zod';
import { STATEMENT_FILE_PATTERN } from '../constants.js';
import { messages } from '../messages.js';
import { pathText } from '../schemas/common.js';
import { route } from './route.js';

export const statementCalls = {
  list: route({
    method: 'GET',
    path: '/user/statements/:username',
    tier: 'user',
    tags: ['statements'],
    params: z.object({ username: pathText('User Id') }),
    response: { 200: z.array(z.string()) },
  }),
  download: route({
    method: 'GET',
    path: '/user/statements/download/:fileName',
    tier: 'user',
    tags: ['statements'],
    // The exact pattern, shown in the document; the domain checks it again and only uses it as a key.
    params: z.object({
      fileName: z
        .string({ error: messages.statementNameInvalid })
        .regex(STATEMENT_FILE_PATTERN, messages.statementNameInvalid),
    }),
    produces: 'application/pdf',
    response: { 200: z.string().meta({ format: 'binary', description: 'The statement, a PDF file' }) },
  }),
};
