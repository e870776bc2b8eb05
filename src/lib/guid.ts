const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a GUID (either case), the form the service gives every record's ID. */
export function isGuid(value: string | null | undefined): boolean {
  return !!value && GUID_PATTERN.test(value);
}
