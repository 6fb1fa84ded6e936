import type { TUser } from '@haulpro/shared/user';
import { Avatar, type AvatarProps } from '@mantine/core';

/** The user's picture, or initials on a coloured circle. */
export function UserAvatar({ user, ...props }: { user: TUser } & AvatarProps) {
  const initials = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
  return (
    <Avatar src={user.image} alt={`${user.first_name} ${user.last_name}`} color="blue" radius="xl" {...props}>
      {initials}
    </Avatar>
  );
}
