import { Trans } from '@lingui/react/macro';
import { Alert } from '@mantine/core';
import { UserText } from '@/components/user-text';
import { ImportList } from './import-list';

/** What the import could not take, each named (as the file names it) with the reason. */
export function ImportRefusalsAlert({
  title,
  color,
  refusals,
}: {
  title: string;
  color: string;
  refusals: readonly { name: string; message: string }[];
}) {
  return (
    <Alert color={color} title={title} role="alert">
      <ImportList
        items={refusals}
        itemKey={(refusal, index) => `${index}-${refusal.name}`}
        spacing={4}
        renderItem={({ name, message }) => (
          // French sets a space before the colon.
          <Trans>
            <UserText>{name}</UserText>: {message}
          </Trans>
        )}
      />
    </Alert>
  );
}
