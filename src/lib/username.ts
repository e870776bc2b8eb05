/**
 * The company's username style, "first.last" in lower case: accents dropped, and anything but
 * letters a–z and the dot left out ("José O'Neil" → "jose.oneil"). Empty when the name gives none.
 */
export function usernameBase(firstName: string, lastName: string): string {
  const word = (name: string) =>
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  const first = word(firstName);
  const last = word(lastName);
  return first && last ? `${first}.${last}` : '';
}

/**
 * A new user's username in the company's style, made unique against those taken by a number
 * ("maria.lopez", then "maria.lopez2", "maria.lopez3"…), as the demo company's were made.
 * `isTaken` gets lower-case candidates. Empty when the name gives none.
 */
export function proposeUsername(
  firstName: string,
  lastName: string,
  isTaken: (candidate: string) => boolean,
): string {
  const base = usernameBase(firstName, lastName);
  if (!base) return '';
  let candidate = base;
  for (let suffix = 2; isTaken(candidate); suffix++) candidate = `${base}${suffix}`;
  return candidate;
}
