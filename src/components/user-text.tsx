import { closeDirectionControls } from '@/lib/invisible-characters';

/**
 * A name or other text someone typed, inside the console's own sentence. `<bdi>` isolates its
 * direction: a right-to-left name, or one holding an override such as U+202E, is shown as it is
 * without turning the words around it. The direction controls it opens are closed inside it (and
 * stray closers dropped), so no combination of them reaches past the isolate. Use it wherever such
 * text goes into running text.
 */
export function UserText({ children }: { children: string | null | undefined }) {
  return <bdi>{children && closeDirectionControls(children)}</bdi>;
}
