import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { StatusMessage } from '../../components/status-message';
import { errorMessage } from '../../lib/api-client';
import { useRequiredSession } from '../../lib/current-user';
import { useUserAccounts } from '../../lib/queries';
import { useDownloadStatement, useStatements } from './api';
import { describeStatement } from './statement-name';
import { statementTexts as texts } from './texts';
import { usePhone } from '../../lib/use-phone';

/** `documents/statements`: the Student's statement files, newest first; one click downloads one (spec §2). */
export function StatementsPage() {
  const { user } = useRequiredSession();
  const statements = useStatements(user.username);
  // Only for the friendly "October 2026 · CHECKING **2345" next to each name; the list does not wait for it.
  const accounts = useUserAccounts(user.username);
  const download = useDownloadStatement();
  const phone = usePhone();

  return (
    <>
      <PageHeader title={texts.title} subtitle={texts.subtitle} />
      <Stack gap="md" maw={720}>
        {download.isError && (
          <StatusMessage
            kind="failure"
            title={texts.downloadFailed}
            detail={`${download.variables ?? ''}: ${errorMessage(download.error)}`}
          />
        )}
        <QueryState query={statements} what={texts.what}>
          {(fileNames) =>
            fileNames.length === 0 ? (
              <Paper withBorder p="lg" radius="md">
                <Text c="dimmed" data-testid="statements-empty">
                  {texts.empty}
                </Text>
              </Paper>
            ) : (
              <Paper withBorder radius="md" p={0}>
                <Stack
                  component="ul"
                  gap={0}
                  aria-label={texts.listLabel}
                  style={{ listStyle: 'none', margin: 0, padding: 0 }}
                >
                  {fileNames.map((fileName, index) => {
                    const busy = download.isPending && download.variables === fileName;
                    const descriptionId = `statement-${index}-description`;
                    return (
                      <Group
                        component="li"
                        key={fileName}
                        wrap="nowrap"
                        gap="sm"
                        px={{ base: 'sm', sm: 'md' }}
                        py="sm"
                        data-testid="statement-item"
                        style={{
                          borderTop:
                            index === 0 ? undefined : '1px solid var(--mantine-color-default-border)',
                        }}
                      >
                        <ThemeIcon variant="light" size="lg" aria-hidden visibleFrom="xs">
                          <IconFileTypePdf size={20} />
                        </ThemeIcon>
                        <Stack gap={2} style={{ minWidth: 0, flex: 1 }} align="flex-start">
                          <Button
                            variant="subtle"
                            // Smaller on a phone, so that a whole file name fits on one line.
                            size={phone ? 'compact-sm' : 'compact-md'}
                            px={4}
                            rightSection={<IconDownload size={16} aria-hidden />}
                            onClick={() => download.mutate(fileName)}
                            disabled={download.isPending}
                            aria-describedby={descriptionId}
                            styles={{
                              label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'left' },
                            }}
                            h="auto"
                            mih={32}
                          >
                            {busy ? texts.downloading(fileName) : fileName}
                          </Button>
                          <Text size="sm" c="dimmed" id={descriptionId} px={4}>
                            {describeStatement(fileName, accounts.data)}
                          </Text>
                        </Stack>
                      </Group>
                    );
                  })}
                </Stack>
              </Paper>
            )
          }
        </QueryState>
      </Stack>
    </>
  );
}
