import type { ComponentProps } from 'react';
import { GroupPicker } from '@/components/group-picker';

/** Where moved groups go: moving one group and moving several ask for it alike. */
export function NewParentPicker(
  props: Omit<ComponentProps<typeof GroupPicker>, 'label' | 'placeholder' | 'clearable'>,
) {
  return (
    <GroupPicker
      label="New parent group"
      placeholder="Choose a group"
      clearable={false}
      {...props}
    />
  );
}
