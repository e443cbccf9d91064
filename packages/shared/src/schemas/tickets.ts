import { z } from 'zod';
import { limits, TICKET_SEVERITIES, TICKET_STATUSES, TICKET_TYPES } from '../constants.js';
import { messages } from '../messages.js';
import { positiveId, text } from './common.js';

export const ticketType = z.enum(TICKET_TYPES);
export const ticketSeverity = z.enum(TICKET_SEVERITIES);
export const ticketStatus = z.enum(TICKET_STATUSES);

export const supportTicket = z.object({
  id: z.number().int(),
  supportTicketId: z.number().int(),
  bankId: z.number().int(),
  username: z.string(),
  ticketType,
  title: z.string(),
  ticketContents: z.string(),
  severity: ticketSeverity,
  status: ticketStatus,
  createdAt: z.string(),
});
export type SupportTicket = z.infer<typeof supportTicket>;

export const createTicketBody = z.object({
  bankId: positiveId.optional(),
  ticketType: ticketType.default('Bug'),
  title: text({
    label: 'Title',
    max: limits.ticketTitleMaxLength,
    tooLong: messages.ticketTitleTooLong,
    required: messages.ticketTitleRequired,
  }),
  ticketContents: text({
    label: 'Description',
    max: limits.ticketContentsMaxLength,
    tooLong: messages.ticketDescriptionTooLong,
    required: messages.ticketDescriptionRequired,
    multiline: true,
  }),
  severity: ticketSeverity.default('1. Blocker'),
});
export type CreateTicketBody = z.input<typeof createTicketBody>;

export const updateTicketBody = z.object({
  supportTicketId: positiveId,
  ticketType,
  severity: ticketSeverity,
  status: ticketStatus.optional(),
});
export type UpdateTicketBody = z.input<typeof updateTicketBody>;
