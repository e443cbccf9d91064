import { z } from 'zod';
import { positiveId } from '../schemas/common.js';
import { usersQuery } from '../schemas/paging.js';
import { pathText } from '../schemas/text.js';
import {
  createUserBody,
  displayNameText,
  signInAddress,
  updatePasswordBody,
  updateUserBody,
  user,
} from '../schemas/users.js';
import { route } from './route.js';

// Any text (API.md's text rule): a name that cannot exist is a 404 from the domain, like any other unknown user.
const byUsername = z.object({ username: pathText('User Id') });
const byUserId = z.object({ userId: pathText('User Id') });

const updateDisplayName = {
  method: 'PUT',
  tier: 'user',
  tags: ['users'],
  summary: 'Raw text/plain body; empty clears the display name',
  params: byUserId,
  body: displayNameText,
  consumes: 'text/plain',
  response: { 200: user },
} as const;

export const userCalls = {
  get: route({
    method: 'GET',
    path: '/user/users/:username',
    tier: 'user',
    tags: ['users'],
    params: byUsername,
    response: { 200: user },
  }),
  list: route({
    method: 'GET',
    path: '/admin/users/:bankId',
    description:
      'A cursor must be the X-Next-Cursor this list gave: a cursor naming no row of the bank is a 400.',
    tier: 'admin',
    tags: ['users'],
    summary:
      'Without limit every live user; with q, limit and cursor a page by User Id (X-Next-Cursor, X-Total-Count)',
    params: z.object({ bankId: positiveId }),
    query: usersQuery,
    response: { 200: z.array(user) },
  }),
  create: route({
    method: 'POST',
    path: '/admin/users/create',
    description: 'A Student (USER) needs a branchId.',
    tier: 'admin',
    tags: ['users'],
    summary: 'Answers text: "Successfully created user. Temporary password: {password}"',
    body: createUserBody,
    produces: 'text/plain',
    response: { 201: z.string() },
  }),
  update: route({
    method: 'PUT',
    path: '/admin/users/:userId/updateUser',
    description:
      'A userId in the body, if sent, must equal the one in the path. A Student (USER) needs a branch; only a Student may be a banker.',
    tier: 'admin',
    tags: ['users'],
    params: byUserId,
    body: updateUserBody,
    response: { 200: user },
  }),
  resetPassword: route({
    method: 'POST',
    path: '/admin/users/:userId/resetPassword',
    tier: 'admin',
    tags: ['users'],
    summary: 'Answers text: "Temporary password: {password}"; ends the user\'s sessions',
    params: byUserId,
    produces: 'text/plain',
    response: { 200: z.string() },
  }),
  signInAddress: route({
    method: 'GET',
    path: '/admin/signInAddress',
    tier: 'admin',
    tags: ['users'],
    summary:
      "The address printed on sign-in slips: PUBLIC_URL when the server has it, else null (the slips use the browser's)",
    response: { 200: signInAddress },
  }),
  delete: route({
    method: 'DELETE',
    path: '/admin/users/:userId/delete',
    tier: 'admin',
    tags: ['users'],
    params: byUserId,
    response: { 204: z.null() },
  }),
  /** The product's client calls the bare path; the /user one sits with the other user calls. */
  updateDisplayNameBare: route({ ...updateDisplayName, path: '/users/:userId/updateDisplayName' }),
  updateDisplayName: route({ ...updateDisplayName, path: '/user/users/:userId/updateDisplayName' }),
  updatePassword: route({
    method: 'PUT',
    path: '/user/users/:userId/updatePassword',
    description:
      "A 400 CURRENT_PASSWORD_WRONG when the current password is not the user's; a 400 PASSWORD_TOO_WEAK when the new one is shorter than 8 characters, only spaces, the User Id, the current password or a common password.",
    tier: 'user',
    tags: ['users'],
    summary: 'JSON [currentPassword, newPassword]; answers text "Password updated!"',
    params: byUserId,
    body: updatePasswordBody,
    produces: 'text/plain',
    response: { 200: z.string() },
  }),
};
