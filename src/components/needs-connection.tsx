import { useLingui } from '@lingui/react/macro';
import { useConnection } from '@/api/use-connection';
import { BlockableButton, type ChangeButtonProps } from './change-control';

/**
 * Why videos, evidence packets, downloads and exports cannot be had offline: they are never kept
 * on this computer. Null while online.
 */
export function useNeedsConnectionReason(): string | null {
  const { t } = useLingui();
  const { online } = useConnection();
  return online ? null : t`This needs the connection: files and videos are not kept offline.`;
}

/**
 * A button that fetches something never kept offline (a file, an export). Offline it is disabled
 * and says it needs the connection, unless `availableOffline` (what it gives is already in memory).
 */
export function NeedsConnectionButton({
  availableOffline = false,
  ...props
}: ChangeButtonProps & { availableOffline?: boolean }) {
  const reason = useNeedsConnectionReason();
  return <BlockableButton blockedReason={availableOffline ? null : reason} {...props} />;
}
