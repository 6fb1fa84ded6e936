import type { TUser } from '@haulpro/shared/user';
import { Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { splitApiError } from '../../../lib/form-errors.ts';
import { USER_FIELDS, useUpdateUser } from '../api/update-user.ts';

/**
 * Text-message reminders (issue 29): saved as soon as it is switched. Turning it on needs the
 * phone above; the server says so under the switch otherwise.
 */
export function SmsOptInSwitch({ user }: { user: TUser }) {
  const save = useUpdateUser(user.id);
  const [error, setError] = useState<string | null>(null);
  // Shown at once, put back if the server refuses.
  const [on, setOn] = useState(user.sms_opt_in === true);
  async function change(next: boolean) {
    setError(null);
    setOn(next);
    try {
      const saved = await save.mutateAsync({ sms_opt_in: next });
      setOn(saved.sms_opt_in);
    } catch (e) {
      setOn(!next);
      setError(splitApiError(e, USER_FIELDS).fieldErrors.sms_opt_in ?? null);
    }
  }
  return (
    <Stack gap={4}>
      <Switch
        size="md"
        label="Text me reminders"
        description="The day before a move or a delivery, to the number above. Reply STOP to any text to stop them."
        checked={on}
        onChange={(e) => void change(e.currentTarget.checked)}
        error={error}
      />
    </Stack>
  );
}
