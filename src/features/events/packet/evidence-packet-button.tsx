import { useLingui } from '@lingui/react/macro';
import { Button, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import type { SafetyLookups } from '../use-safety-lookups';

// The PDF writer, the hashing and the ZIP load with the dialog, not with the pages that offer it.
const EvidencePacketDialog = lazy(() =>
  import('./evidence-packet-dialog').then((module) => ({ default: module.EvidencePacketDialog })),
);

/** Opens the evidence packet for these events; the dialog's work ends when it is closed. */
export function EvidencePacketButton({
  eventIds,
  labelOf,
  lookups,
  children,
  ...buttonProps
}: {
  eventIds: readonly string[];
  labelOf?: (eventId: string) => string | undefined;
  lookups: SafetyLookups;
  children?: string;
} & Omit<ButtonProps, 'children' | 'onClick'>) {
  const { t } = useLingui();
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button variant="default" {...buttonProps} onClick={dialog.open}>
        {children ?? t`Evidence packet`}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <EvidencePacketDialog
            opened
            onClose={dialog.close}
            eventIds={eventIds}
            labelOf={labelOf}
            lookups={lookups}
          />
        </Suspense>
      )}
    </>
  );
}
