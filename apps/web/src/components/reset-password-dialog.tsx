import { Group, Modal } from '@mantine/core';
import { useState } from 'react';
import { classroomText, type User } from '@bank/shared';
import { ResetPasswordSection, type ResetCall } from './reset-password';

type Resettable = Pick<User, 'userId' | 'name'>;

/**
 * Reset Password for one user of a long list (issue 20), in a dialog that opens where the teacher
 * is, titled with the user's name and User Id. Focus goes into it and, when it closes, back to the
 * button that opened it (Mantine's focus trap and return). Its Confirm Action is a dialog on top of
 * this one: while it is open, Escape closes only it.
 */
export function ResetPasswordDialog({
  user,
  onClose,
  via,
  onPrintSlip,
}: {
  user: Resettable | null;
  onClose: () => void;
  via?: ResetCall;
  /** After a reset: print the user's sign-in slip with the new password (issue 33). */
  onPrintSlip?: (user: Resettable, password: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  // The last user stays in the dialog while it fades out.
  const [shown, setShown] = useState<Resettable | null>(user);
  if (user && user !== shown) setShown(user);
  const title = shown ? classroomText.resetPasswordFor(shown.name, shown.userId) : '';
  return (
    // Built from parts so that the title row is a div: Mantine's <header> would be a second banner landmark.
    <Modal.Root opened={user !== null} onClose={onClose} closeOnEscape={!confirming} size="lg" centered>
      <Modal.Overlay />
      <Modal.Content data-testid="reset-password-dialog">
        <Group justify="space-between" p="md" pb={0} wrap="nowrap" align="flex-start">
          <Modal.Title fw={600} fz="lg">
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Group>
        <Modal.Body pt={0}>
          {shown && (
            <ResetPasswordSection
              key={shown.userId}
              user={shown}
              onConfirmingChange={setConfirming}
              via={via}
              onPrintSlip={onPrintSlip && ((password) => onPrintSlip(shown, password))}
            />
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
