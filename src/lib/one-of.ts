/** Whether `value` is one of `allowed`: narrows a string from a URL, a file or a picker to a union. */
export function isOneOf<T extends string>(allowed: readonly T[], value: unknown): value is T {
  return allowed.some((option) => option === value);
}
