import { Alert, Stack, Text } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { teacherText, type ClassRight, type ClassRightRefusal } from '@bank/shared';

/** What to ask an admin for, when a right is refused (the server's own words for each case). */
export function askAdminText(right: ClassRight, refusal: ClassRightRefusal): string | null {
  switch (refusal) {
    case 'RIGHT_OFF':
      return teacherText.rightOff(right);
    case 'NO_CLASS':
      return teacherText.noClass(right);
    case 'NOT_YOUR_CLASS':
      return teacherText.notYourClass(right);
    case 'NOT_STAFF':
      return null;
  }
}

/**
 * Where a teacher may not do something, the screen says whom to ask and for what (issue 33),
 * instead of hiding the way: "Ask an admin", then one line per right refused.
 */
export function AskAdmin({
  refused,
}: {
  refused: readonly { right: ClassRight; refusal: ClassRightRefusal | null }[];
}) {
  // A teacher without a class hears that once, not once for each right.
  const lines = refused.some(({ refusal }) => refusal === 'NO_CLASS')
    ? [teacherText.noClassAtAll]
    : [
        ...new Set(refused.flatMap(({ right, refusal }) => (refusal ? [askAdminText(right, refusal)] : []))),
      ].filter((line): line is string => line !== null);
  if (lines.length === 0) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconUserQuestion aria-hidden />}
      title={teacherText.askAdmin}
      data-testid="ask-admin"
    >
      <Stack gap={4}>
        {lines.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
