import { useLingui } from '@lingui/react/macro';
import { Button, Tooltip, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { useId, type ComponentPropsWithRef, type MouseEvent, type ReactNode } from 'react';
import { useConnection } from '@/api/connection';

export interface ChangesAllowed {
  /** Whether a change may be sent now. */
  allowed: boolean;
  /** Why not, for people; null while allowed. */
  reason: string | null;
}

/**
 * Whether the console may send changes now: the one rule every save, create, delete and bulk
 * action follows. Offline (live mode only) nothing may be changed, as nothing could be sent.
 */
export function useChangesAllowed(): ChangesAllowed {
  const { t } = useLingui();
  const { online } = useConnection();
  return online
    ? { allowed: true, reason: null }
    : { allowed: false, reason: t`You are offline: changes need the connection.` };
}

/** What a control spreads on itself while changes are not allowed. */
export interface BlockedControlProps {
  'aria-disabled'?: true;
  'aria-describedby'?: string;
}

export interface ChangeControl extends ChangesAllowed {
  /**
   * Spread on a control that changes something (a menu item, an icon button): while blocked it is
   * disabled for assistive technology yet stays focusable, so keyboard and screen-reader users
   * reach it and hear why. The caller makes it look disabled and drops its action.
   */
  blockedProps: BlockedControlProps;
  /** Render beside the control: the reason its description points to. */
  reasonText: ReactNode;
}

/** `useChangesAllowed` with what a control needs to say why it does nothing. */
export function useChangeControl(): ChangeControl {
  const changes = useChangesAllowed();
  const reasonId = useId();
  if (changes.allowed) return { ...changes, blockedProps: {}, reasonText: null };
  return {
    ...changes,
    blockedProps: { 'aria-disabled': true, 'aria-describedby': reasonId },
    reasonText: <VisuallyHidden id={reasonId}>{changes.reason}</VisuallyHidden>,
  };
}

export type ChangeButtonProps = ButtonProps & ComponentPropsWithRef<'button'>;

/**
 * A button that changes something (save, create, delete, send). Offline it is disabled with the
 * reason in a tooltip and in its description; it stays focusable (a disabled button would show no
 * tooltip and drop the focus), and its click, a form's submit included, does nothing.
 */
export function ChangeButton({ onClick, loading, ...props }: ChangeButtonProps) {
  const { allowed, reason, blockedProps, reasonText } = useChangeControl();
  // One tree online and offline: the button keeps its focus when the connection changes.
  return (
    <>
      <Tooltip
        label={reason}
        disabled={allowed}
        events={{ hover: true, focus: true, touch: true }}
        multiline
        maw={280}
      >
        <Button
          {...props}
          {...blockedProps}
          data-disabled={allowed ? undefined : true}
          loading={allowed ? loading : false}
          onClick={allowed ? onClick : refuse}
        />
      </Tooltip>
      {reasonText}
    </>
  );
}

function refuse(event: MouseEvent<HTMLButtonElement>): void {
  event.preventDefault();
}
