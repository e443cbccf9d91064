import { lazy, Suspense, useState } from 'react';

export interface ConfirmRequest {
  message: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
}

/**
 * The dialog's code (Mantine's Modal, its focus trap and scroll lock) loads with the first question,
 * not with the screens that might ask (issue 22).
 */
const ConfirmActionModal = lazy(async () => ({
  default: (await import('./confirm-action-modal')).ConfirmActionModal,
}));

/** The "Confirm Action" dialog in front of every create, update and delete (spec §2, §4). */
export function useConfirmAction() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [opened, setOpened] = useState(false);
  const ask = (next: ConfirmRequest) => {
    setRequest(next);
    setOpened(true);
  };
  // Mounted with the first question, then kept (it fades out): a closed dialog on every screen
  // that might ask cost each screen's first render a portal and a second, synchronous render
  // (issue 22).
  const modal = request && (
    <Suspense fallback={null}>
      <ConfirmActionModal
        opened={opened}
        // The text stays while the dialog fades out.
        message={request.message}
        confirmLabel={request.confirmLabel}
        danger={request.danger}
        onConfirm={() => {
          setOpened(false);
          request.onConfirm();
        }}
        onCancel={() => setOpened(false)}
      />
    </Suspense>
  );
  return { ask, modal, opened };
}
