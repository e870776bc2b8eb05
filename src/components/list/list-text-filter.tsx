import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';

const TYPING_PAUSE_MS = 300;

/**
 * A list's text filter: what is typed shows at once, the URL (and the request) follows when the
 * typing pauses. A value set from outside (a saved view, the back button) replaces the text.
 */
export function ListTextFilter({
  label,
  description,
  placeholder,
  value,
  onChange,
  maxLength = 100,
  width = 240,
}: {
  label: string;
  /** What may be typed, under the label (e.g. "Username or user ID"). */
  description?: ReactNode;
  placeholder?: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  maxLength?: number;
  width?: number;
}) {
  const [text, setText] = useState(value ?? '');
  const [appliedValue, setAppliedValue] = useState(value);
  // What this field sent that the URL may not show yet: when it does, the user may have typed on.
  const [sentValues, setSentValues] = useState<readonly string[]>([]);
  if (value !== appliedValue) {
    setAppliedValue(value);
    const shown = sentValues.indexOf(value ?? '');
    if (shown < 0 && (value ?? '') !== text.trim()) setText(value ?? '');
    // Everything sent up to the value shown has arrived; a value from outside ends them all.
    setSentValues(shown >= 0 ? sentValues.slice(shown + 1) : []);
  }
  const apply = useDebouncedCallback((next: string) => {
    const trimmed = next.trim();
    setSentValues((current) => [...current, trimmed]);
    onChange(trimmed || undefined);
  }, TYPING_PAUSE_MS);
  return (
    <TextInput
      label={label}
      description={description}
      placeholder={placeholder}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      w={{ base: '100%', sm: width }}
      maxLength={maxLength}
    />
  );
}
