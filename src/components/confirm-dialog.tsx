import { Trans } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { confirmationMatches } from '@/lib/invisible-characters';
import { UserText } from './user-text';

export interface ConfirmationOptions {
  /** A name in it goes in <UserText>, as in `message`. */
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /**
   * The user must type this text (e.g. the name of what is deleted) to confirm; invisible and
   * direction characters in it need not be typed.
   */
  typeToConfirm?: string;
}

/**
 * A confirmation dialog driven by a promise: `if (await confirm({...})) doIt()`.
 * Render `confirmationDialog` once in the component that asks.
 */
export function useConfirmation(): {
  confirm: (options: ConfirmationOptions) => Promise<boolean>;
  confirmationDialog: ReactNode;
} {
  const [options, setOptions] = useState<ConfirmationOptions | null>(null);
  const [typed, setTyped] = useState('');
  const resolver = useRef<((confirmed: boolean) => void) | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const confirm = useCallback((next: ConfirmationOptions) => {
    resolver.current?.(false);
    opener.current = focusReturnTarget();
    setTyped('');
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const settle = (confirmed: boolean) => {
    resolver.current?.(confirmed);
    resolver.current = null;
    setOptions(null);
    if (opener.current?.isConnected) opener.current.focus({ preventScroll: true });
    opener.current = null;
  };

  const typeToConfirm = options?.typeToConfirm;
  const canConfirm = !typeToConfirm || confirmationMatches(typed, typeToConfirm);

  const confirmationDialog = (
    <Modal
      opened={options !== null}
      onClose={() => settle(false)}
      title={options?.title}
      centered
      returnFocus={false}
    >
      {options && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            // React bubbles events through portals: without this, a form around the asking
            // component would be submitted too.
            event.stopPropagation();
            if (canConfirm) settle(true);
          }}
        >
          <Stack>
            {typeof options.message === 'string' ? <Text>{options.message}</Text> : options.message}
            {typeToConfirm && (
              <TextInput
                label={
                  <Trans>
                    Type &quot;<UserText>{typeToConfirm}</UserText>&quot; to confirm
                  </Trans>
                }
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value)}
                autoComplete="off"
                data-autofocus
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => settle(false)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button
                type="submit"
                color={options.danger ? 'red' : undefined}
                disabled={!canConfirm}
              >
                {options.confirmLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );

  return { confirm, confirmationDialog };
}

/** Where focus goes back after the dialog: its opener, or for a menu item (gone with its menu) the menu's button. */
function focusReturnTarget(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement)) return null;
  const menu = active.closest('[role="menu"]');
  const menuButton = menu?.id ? document.querySelector(`[aria-controls="${menu.id}"]`) : null;
  return menuButton instanceof HTMLElement ? menuButton : active;
}
