/** What we need of a zod schema (the shared package owns zod; the web app only calls it). */
type TSchema = {
  safeParse: (values: unknown) => {
    error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } | undefined;
  };
};

/**
 * A schema's verdict as Mantine form errors: the first message per field, keyed by the
 * form's path ("name", "days.2.to_hour"). An empty object means the values are valid.
 */
export function zodFormErrors(schema: TSchema, values: unknown): Record<string, string> {
  const parsed = schema.safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}
