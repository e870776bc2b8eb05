const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a GUID (either case), the form the service gives every record's ID. */
export function isGuid(value: string | null | undefined): boolean {
  return !!value && GUID_PATTERN.test(value);
}

/**
 * Whether two IDs name the same record: the service answers GUIDs in either case. Two missing IDs
 * (null, undefined or empty) count as the same, as an unset field compared with an unset one.
 */
export function sameId(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
}
