import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Alert,
  Button,
  Combobox,
  Loader,
  Stack,
  Text,
  TextInput,
  type ComboboxStore,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { describeError } from '@/api/api-error';
import { PLACE_QUERY_MAX_LENGTH, type Place } from '@/api/places';
import { UserText } from '@/components/user-text';
import { MagnifierIcon } from './magnifier-icon';
import classes from './place-search.module.css';

/** The address without the name it starts with, which is shown above it. */
export function addressBeyondName(place: Place): string {
  const prefix = `${place.name}, `;
  return place.address.startsWith(prefix) ? place.address.slice(prefix.length) : place.address;
}

/** The search field and the list of places it found. */
export function PlaceSearchField({
  combobox,
  inputRef,
  text,
  results,
  chosenId,
  searching,
  onTextChange,
  onKeyDown,
  onFocus,
  onBlur,
  onSearch,
  onChoose,
}: {
  combobox: ComboboxStore;
  inputRef: RefObject<HTMLInputElement | null>;
  text: string;
  results: readonly Place[];
  chosenId: string | undefined;
  searching: boolean;
  onTextChange: (text: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onFocus: () => void;
  onBlur: () => void;
  /** The magnifier: search now for what is typed. */
  onSearch: () => void;
  onChoose: (placeId: string) => void;
}) {
  const { t } = useLingui();
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={onChoose}
      withinPortal
      position="bottom-start"
      middlewares={{ flip: false, shift: true }}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          ref={inputRef}
          label={t`Address or place name`}
          placeholder={t`e.g. Portland Depot`}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={PLACE_QUERY_MAX_LENGTH}
          value={text}
          onChange={(event) => onTextChange(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
          onBlur={onBlur}
          rightSection={
            searching ? (
              <Loader size="xs" aria-hidden />
            ) : (
              <ActionIcon variant="subtle" color="gray" aria-label={t`Search`} onClick={onSearch}>
                <MagnifierIcon />
              </ActionIcon>
            )
          }
        />
      </Combobox.Target>
      <Combobox.Dropdown className={classes.dropdown}>
        <Combobox.Options aria-label={t`Places found`} className={classes.options}>
          {results.map((place) => (
            <Combobox.Option key={place.id} value={place.id} active={place.id === chosenId}>
              <Text size="sm" fw={500}>
                {place.name}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {place.kind ? `${place.kind} · ` : ''}
                {addressBeyondName(place)}
              </Text>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** Where the search stands, said to assistive technology; its failure, with a retry. */
export function PlaceSearchStatus({
  search,
  submitted,
  results,
  demo,
  onRetry,
}: {
  search: UseQueryResult<Place[]>;
  submitted: string;
  results: readonly Place[];
  demo: boolean;
  onRetry: () => void;
}) {
  const { t } = useLingui();
  const searchedFor = <UserText>{submitted}</UserText>;
  const resultCount = results.length;
  let status: ReactNode = null;
  if (search.isFetching) status = <Trans>Searching for “{searchedFor}”…</Trans>;
  else if (search.isSuccess && submitted) {
    status =
      results.length === 0 ? (
        <Trans>No places match “{searchedFor}”.</Trans>
      ) : (
        <Trans>
          <Plural value={resultCount} one="# place matches" other="# places match" /> “{searchedFor}
          ”. Use the arrow keys to go through them, Enter to choose.
        </Trans>
      );
  }
  return (
    <>
      <Text size="xs" c="dimmed" role="status">
        {status ??
          t`Search on Enter, or pause typing. Results stay for the session, so a repeated search costs nothing.`}
      </Text>
      {search.isError && (
        <Alert color="red" title={t`The search failed`} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{describeError(search.error)}</Text>
            <Button size="xs" variant="light" onClick={onRetry}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        </Alert>
      )}
      {search.isSuccess && submitted && results.length === 0 && demo && (
        <Text size="xs" c="dimmed">
          <Trans>
            The demo finds its own places: the depots (Portland Depot, Fresno Depot…), their cities
            and the freight sites around them.
          </Trans>
        </Text>
      )}
    </>
  );
}
