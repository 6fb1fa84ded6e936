import { Button, Card, Modal, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHome, IconTruck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** Where movers register for now: the public registration page, on this origin. */
export const MOVER_REGISTRATION_PATH = '/register?type=mover';

type TSignUpChoiceModalProps = { opened: boolean; onClose: () => void };

/** Sign Up opens this (spec: 912 wide): register as a client here, or as a mover on the public site. */
export function SignUpChoiceModal({ opened, onClose }: TSignUpChoiceModalProps) {
  const navigate = useNavigate();
  // Below the sm breakpoint (540 px) the two choices take the whole screen.
  const phone = useMediaQuery('(max-width: 33.74em)') ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={912}
      fullScreen={phone}
      padding={phone ? 'md' : 'xl'}
      title={
        <Text fw={700} fz="xl">
          Join Haulpro
        </Text>
      }
    >
      <Text c="dimmed" mb="lg">
        Tell us how you'd like to use Haulpro.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Choice
          icon={<IconHome size={28} stroke={1.6} />}
          title="I need help moving"
          text="Book movers and delivery helpers, follow every order and review your crew."
        >
          <Button
            fullWidth
            size="md"
            onClick={() => {
              onClose();
              navigate('/sign-up');
            }}
          >
            Register as a Client
          </Button>
        </Choice>
        <Choice
          icon={<IconTruck size={28} stroke={1.6} />}
          title="I'm a mover"
          text="Get moving and delivery jobs near you, manage your crews and get paid."
        >
          <Button
            fullWidth
            size="md"
            variant="light"
            onClick={() => window.open(MOVER_REGISTRATION_PATH, '_blank', 'noopener')}
          >
            Register as a Mover
          </Button>
        </Choice>
      </SimpleGrid>
    </Modal>
  );
}

function Choice({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <Card padding="lg" px={{ base: 'md', sm: 'lg' }} withBorder radius="lg">
      <Stack gap="sm" h="100%">
        <ThemeIcon size={52} radius="md" variant="light">
          {icon}
        </ThemeIcon>
        <Title order={3} fz="lg">
          {title}
        </Title>
        <Text c="dimmed" size="sm" style={{ flex: 1 }}>
          {text}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}
