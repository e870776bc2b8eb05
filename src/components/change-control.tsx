import { useLingui } from '@lingui/react/macro';
import { Button, Tooltip, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { useId, type ComponentPropsWithRef, type MouseEvent, type ReactNode } from 'react';
import { useConnection } from '@/api/use-connection';

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
  return { ...changes, ...useBlockedControl(changes.reason) };
}

/** What a control needs while `reason` (null: not blocked) keeps it from acting. */
export function useBlockedControl(reason: string | null): {
  blockedProps: BlockedControlProps;
  reasonText: ReactNode;
} {
  const reasonId = useId();
  if (reason === null) return { blockedProps: {}, reasonText: null };
  return {
    blockedProps: { 'aria-disabled': true, 'aria-describedby': reasonId },
    reasonText: <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>,
  };
}

export type ChangeButtonProps = ButtonProps &
  Omit<ComponentPropsWithRef<'button'>, keyof ButtonProps>;

/**
 * A button that changes something (save, create, delete, send). Offline it is disabled with the
 * reason in a tooltip and in its description; it stays focusable (a disabled button would show no
 * tooltip and drop the focus), and its click, a form's submit included, does nothing.
 */
export function ChangeButton(props: ChangeButtonProps) {
  const { reason } = useChangesAllowed();
  return <BlockableButton blockedReason={reason} {...props} />;
}

/**
 * A button that `blockedReason` (null: none) keeps from acting: it looks disabled, says why in a
 * tooltip and in its description, and its click does nothing.
 */
export function BlockableButton({
  blockedReason,
  onClick,
  loading,
  ...props
}: ChangeButtonProps & { blockedReason: string | null }) {
  const { blockedProps, reasonText } = useBlockedControl(blockedReason);
  const blocked = blockedReason !== null;
  // One tree blocked or not: the button keeps its focus when the connection changes.
  return (
    <>
      <Tooltip
        label={blockedReason}
        disabled={!blocked}
        events={{ hover: true, focus: true, touch: true }}
        multiline
        maw={280}
      >
        <Button
          {...props}
          {...blockedProps}
          data-disabled={blocked || undefined}
          loading={blocked ? false : loading}
          onClick={blocked ? refuse : onClick}
        />
      </Tooltip>
      {reasonText}
    </>
  );
}

function refuse(event: MouseEvent<HTMLButtonElement>): void {
  event.preventDefault();
}
