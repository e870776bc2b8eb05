import { useLingui } from '@lingui/react/macro';
import type { ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { NeedsConnectionButton } from '@/components/needs-connection';
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
      {/* A packet's videos and files are never kept offline. */}
      <NeedsConnectionButton variant="default" {...buttonProps} onClick={dialog.open}>
        {children ?? t`Evidence packet`}
      </NeedsConnectionButton>
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
