import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Drawer, Indicator, Loader, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { useWhatsNew, type WhatsNew } from './use-whats-new';

// The list and the rule editor (pickers, the group tree) load when the drawer first opens.
const WhatsNewPanel = lazy(() => import('./whats-new-panel'));

/** "What's new: 3 new events": the button's name says what its badge shows. */
function whatsNewLabel(
  whatsNew: Pick<WhatsNew, 'state' | 'newEvents' | 'complete' | 'checkedAt' | 'isChecking'>,
) {
  if (whatsNew.state.rules.length === 0) return t`What’s new: no watch rules yet`;
  if (whatsNew.checkedAt === undefined && whatsNew.isChecking)
    return t`What’s new: checking for new events`;
  const count = whatsNew.newEvents.length;
  if (count === 0) return t`What’s new: no new events`;
  // One check reads a page: beyond it, "100+".
  return whatsNew.complete
    ? plural(count, { one: 'What’s new: # new event', other: 'What’s new: # new events' })
    : plural(count, { one: 'What’s new: #+ new event', other: 'What’s new: #+ new events' });
}

/** The header's bell: how many watched events are new, and the list of them in a drawer. */
export function WhatsNewButton() {
  const { t } = useLingui();
  const whatsNew = useWhatsNew();
  const [opened, { open, close }] = useDisclosure();
  const count = whatsNew.newEvents.length;
  return (
    <>
      <Indicator
        label={whatsNew.complete ? count : `${count}+`}
        disabled={count === 0}
        size={16}
        offset={4}
        color="red"
      >
        <ActionIcon variant="default" size="lg" onClick={open} aria-label={whatsNewLabel(whatsNew)}>
          <BellIcon />
        </ActionIcon>
      </Indicator>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        title={t`What’s new`}
        size="md"
        closeButtonProps={{ 'aria-label': t`Close what’s new` }}
      >
        {opened && (
          <Suspense
            fallback={
              <Text role="status" c="dimmed" size="sm">
                <Loader size="xs" mr="xs" />
                <Trans>Loading…</Trans>
              </Text>
            }
          >
            <WhatsNewPanel whatsNew={whatsNew} onOpenEvent={close} />
          </Suspense>
        )}
      </Drawer>
    </>
  );
}

function BellIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d="M8 1.8a4.2 4.2 0 0 0-4.2 4.2v2.6L2.5 11h11l-1.3-2.4V6A4.2 4.2 0 0 0 8 1.8Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
      <path d="M6.3 12.8a1.8 1.8 0 0 0 3.4 0" fill="none" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}
