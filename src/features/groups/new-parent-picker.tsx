import { useLingui } from '@lingui/react/macro';
import type { ComponentProps } from 'react';
import { GroupPicker } from '@/components/group-picker';

/** Where moved groups go: moving one group and moving several ask for it alike. */
export function NewParentPicker(
  props: Omit<ComponentProps<typeof GroupPicker>, 'label' | 'placeholder' | 'clearable'>,
) {
  const { t } = useLingui();
  return (
    <GroupPicker
      label={t`New parent group`}
      placeholder={t`Choose a group`}
      clearable={false}
      {...props}
    />
  );
}
