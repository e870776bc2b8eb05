import type { MessageDescriptor } from '@lingui/core';

type Translator = (descriptor: MessageDescriptor) => string;

let translator: Translator | null = null;

/**
 * Translates a message described with the `msg` macro, for code that loads with the sign-in page
 * (the API client, the session, route titles): that page carries no translation library, so the
 * catalogs register their translator here once loaded. Until then the message shows in English;
 * the macro keeps the English text in those files for that (see vite.config.ts).
 */
export function translate(descriptor: MessageDescriptor): string {
  if (translator) return translator(descriptor);
  const message = descriptor.message ?? descriptor.id;
  // English placeholders filled as the catalogs would: {name} from the descriptor's values.
  const values = descriptor.values ?? {};
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

export function registerTranslator(next: Translator | null): void {
  translator = next;
}
