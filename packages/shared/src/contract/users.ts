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
    tier: 'admin',
    tags: ['users'],
    params: z.object({ bankId: positiveId }),
    query: usersQuery,
    response: { 200: z.array(user) },
  }),
  create: route({
    method: 'POST',
    path: '/admin/users/create',
    tier: 'admin',
    tags: ['users'],
    body: createUserBody,
    produces: 'text/plain',
    response: { 201: z.string() },
  }),
  update: route({
    method: 'PUT',
    path: '/admin/users/:userId/updateUser',
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
    params: byUserId,
    produces: 'text/plain',
    response: { 200: z.string() },
  }),
  signInAddress: route({
    method: 'GET',
    path: '/admin/signInAddress',
    tier: 'admin',
    tags: ['users'],
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
    tier: 'user',
    tags: ['users'],
    params: byUserId,
    body: updatePasswordBody,
    produces: 'text/plain',
    response: { 200: z.string() },
  }),
};
