import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState, type ReactNode } from 'react';

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
  const sentValues = useRef<string[]>([]);
  if (value !== appliedValue) {
    setAppliedValue(value);
    const ownEcho = sentValues.current.includes(value ?? '');
    if (!ownEcho && (value ?? '') !== text.trim()) setText(value ?? '');
  }
  useEffect(() => {
    // Everything sent up to the value shown has arrived; a value from outside ends them all.
    const shown = sentValues.current.indexOf(value ?? '');
    sentValues.current = shown >= 0 ? sentValues.current.slice(shown + 1) : [];
  }, [value]);
  const apply = useDebouncedCallback((next: string) => {
    const trimmed = next.trim();
    sentValues.current.push(trimmed);
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
