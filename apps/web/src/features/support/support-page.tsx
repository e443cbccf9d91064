import { Button, Paper, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { SupportTicket } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { LoadMore, QueryState } from '../../components/query-state';
import { StatusMessage } from '../../components/status-message';
import { useRequiredSession } from '../../lib/current-user';
import { useTickets } from './api';
import { TicketForm, type TicketFormMode } from './ticket-form';
import { TicketTable } from './ticket-table';
import { supportTexts as texts } from './texts';

/** `{bankId}/support`: the ticket table and a create/edit form hidden until opened (spec §2, §4, §5). */
export function SupportPage() {
  const { user } = useRequiredSession();
  const tickets = useTickets(user.bankId);
  const [mode, setMode] = useState<TicketFormMode | null>(null);
  // Each opening is a fresh form.
  const [formKey, setFormKey] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);
  const savedRef = useRef<HTMLDivElement>(null);
  // Where focus was when the form opened (New Ticket or a View button): it goes back there on Cancel.
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (saved) savedRef.current?.focus();
  }, [saved]);

  const open = (next: TicketFormMode) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setSaved(null);
    setMode(next);
    setFormKey((k) => k + 1);
  };
  const onSaved = (_ticket: SupportTicket, message: string) => {
    setMode(null);
    setSaved(message);
  };

  return (
    <>
      <PageHeader
        title={texts.title}
        subtitle={user.userRole === 'USER' ? `${texts.subtitle} ${texts.studentIntro}` : texts.subtitle}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open({ kind: 'create' })}>
            {texts.newTicket}
          </Button>
        }
      />
      <Stack gap="lg">
        {saved && (
          <div ref={savedRef} tabIndex={-1} style={{ outline: 'none' }}>
            <StatusMessage kind="success" title={saved} />
          </div>
        )}
        {mode && (
          <TicketForm
            key={formKey}
            mode={mode}
            bankId={user.bankId}
            isAdmin={user.userRole === 'ADMIN'}
            onSaved={onSaved}
            onCancel={() => {
              setMode(null);
              opener.current?.focus();
            }}
          />
        )}
        <Paper withBorder p={{ base: 'xs', sm: 'md' }} radius="md">
          <QueryState query={tickets} what={texts.what}>
            {(list) => (
              <TicketTable
                tickets={list}
                selectedId={mode?.kind === 'edit' ? mode.ticket.supportTicketId : null}
                onView={(ticket) => open({ kind: 'edit', ticket })}
              />
            )}
          </QueryState>
          <LoadMore pages={tickets} what={texts.what} />
        </Paper>
      </Stack>
    </>
  );
}
