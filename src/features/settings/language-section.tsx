import { Trans, useLingui } from '@lingui/react/macro';
import { Paper, Select, Stack, Text, Title } from '@mantine/core';
import {
  localeNames,
  setLocale,
  shippedLocales,
  useLocale,
  type ShippedLocale,
} from '@/i18n/locale';

const languageOptions = shippedLocales.map((locale) => ({
  value: locale,
  label: localeNames[locale],
}));

/**
 * The console's language in this browser. It applies at once, without a reload: what is being
 * typed elsewhere stays, and every other tab follows.
 */
export function LanguageSection() {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="language-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="language-title">
          <Trans>Language</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            The console's language in this browser. Names, notes and other text from the service are
            shown as they were written.
          </Trans>
        </Text>
        <Select
          label={t`Language`}
          data={languageOptions}
          value={locale === 'pseudo' ? 'en' : locale}
          allowDeselect={false}
          onChange={(value) => {
            const chosen = shippedLocales.find((each: ShippedLocale) => each === value);
            if (chosen) setLocale(chosen);
          }}
          w={{ base: '100%', xs: 280 }}
          comboboxProps={{ withinPortal: true }}
        />
      </Stack>
    </Paper>
  );
}
