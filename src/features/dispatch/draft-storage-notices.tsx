import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '@mantine/core';
import { UserText } from '@/components/user-text';
import { formatNumber } from '@/lib/format';
import { DRAFT_STORAGE_LIMIT, type DraftStorageOutcome } from './dispatch-draft';

/** What this tab could not keep of the upload in progress, or could not read back. */
export function DraftStorageNotices({
  rowsLostFrom,
  storageOutcome,
  unreadable,
}: {
  /** The file whose rows were too large to keep across a reload, or null. */
  rowsLostFrom: string | null;
  storageOutcome: DraftStorageOutcome;
  /** What the tab kept was in a shape this version cannot read, so it was cleared. */
  unreadable: boolean;
}) {
  const { t } = useLingui();
  const storageLimit = formatNumber(DRAFT_STORAGE_LIMIT / 1_000_000, { maximumFractionDigits: 0 });
  return (
    <>
      {rowsLostFrom !== null && (
        <Alert color="orange" title={t`Upload the file again`}>
          <Trans>
            <UserText>{rowsLostFrom}</UserText> was too large to keep across a reload, so its rows
            are gone. Your time zone and options are kept.
          </Trans>
        </Alert>
      )}
      {storageOutcome === 'saved-without-rows' && rowsLostFrom === null && (
        <Alert color="orange" title={t`This upload will not survive a reload`}>
          <Trans>
            The rows are larger than the {storageLimit} million characters this browser tab keeps,
            so a reload would lose them. Finish in one go, or split the file.
          </Trans>
        </Alert>
      )}
      {unreadable && (
        <Alert color="orange" title={t`The upload in progress could not be read back`}>
          <Trans>
            What this tab kept of it was not in a shape this version can read, so it was cleared.
            Upload the file again.
          </Trans>
        </Alert>
      )}
      {storageOutcome === 'not-saved' && (
        <Alert color="orange" title={t`This upload will not survive a reload`}>
          <Trans>The browser refused to store the wizard's state (storage full or disabled).</Trans>
        </Alert>
      )}
    </>
  );
}
