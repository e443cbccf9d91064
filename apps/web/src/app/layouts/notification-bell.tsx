import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { notificationScreenText as text, type Notification, type User } from '@bank/shared';
import { formatDateTime } from '../../lib/format';
import { useMarkRead, useNotices, useNoticeStream } from '../../lib/notification-queries';

/** One notice: its text (bold while unread) and when; choosing it marks it read and goes to what it is about. */
function NoticeRow({ notice, onChoose }: { notice: Notification; onChoose: (n: Notification) => void }) {
  return (
    <UnstyledButton
      onClick={() => onChoose(notice)}
      p="xs"
      style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'block', width: '100%' }}
      className="notice-row"
    >
      <Text size="sm" fw={notice.readAt ? 400 : 700}>
        {notice.text}
      </Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(notice.createdAt)}
        {notice.readAt ? '' : ' · new'}
      </Text>
    </UnstyledButton>
  );
}

/** The popover's list: the newest notices, or why there are none. */
function NoticeList({
  failed,
  items,
  onChoose,
}: {
  failed: boolean;
  items: Notification[];
  onChoose: (n: Notification) => void;
}) {
  if (failed)
    return (
      <Text size="sm" c="red.9" px="xs">
        {text.loadFailed}
      </Text>
    );
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed" px="xs" py="sm">
        {text.none}
      </Text>
    );
  return (
    <ScrollArea.Autosize mah={360}>
      <Stack gap={2}>
        {items.map((notice) => (
          <NoticeRow key={notice.id} notice={notice} onChoose={onChoose} />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/**
 * The bell in the header (issue 35): how many notices are unread, and the newest in a popover.
 * One per signed-in tab, holding the one live stream; the list is polled while the stream is down.
 */
export function NotificationBell({ user }: { user: User }) {
  const enabled = !user.mustChangePassword;
  const live = useNoticeStream(enabled);
  const notices = useNotices(enabled, live);
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  if (!enabled) return null;
  const unread = notices.data?.unread ?? 0;
  const items = notices.data?.items ?? [];

  const choose = (notice: Notification) => {
    setOpened(false);
    if (!notice.readAt) markRead.mutate({ ids: [notice.id] });
    if (notice.link) void navigate(notice.link);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" trapFocus>
      {/* The badge wraps the target, so that the popover's attributes land on the button itself. */}
      <Indicator
        label={unread > 99 ? '99+' : unread}
        size={18}
        disabled={unread === 0}
        color="red.9"
        offset={6}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={44}
            aria-label={text.bellLabel(unread)}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={22} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p="xs" aria-labelledby={titleId}>
        <Group justify="space-between" px="xs" pb={4}>
          <Text fw={700} size="sm" component="h2" m={0} id={titleId}>
            {text.title}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            {text.markAllRead}
          </Button>
        </Group>
        <NoticeList failed={notices.isError} items={items} onChoose={choose} />
      </Popover.Dropdown>
    </Popover>
  );
}
