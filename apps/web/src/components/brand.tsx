import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconTruck } from '@tabler/icons-react';

type TBrandProps = { size?: 'sm' | 'md' | 'lg'; inverted?: boolean };

const SIZES = { sm: { icon: 28, text: 'lg' }, md: { icon: 34, text: 'xl' }, lg: { icon: 44, text: '28px' } };

/** The Haulpro logo: a truck mark and the word. */
export function Brand({ size = 'md', inverted = false }: TBrandProps) {
  const s = SIZES[size];
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon
        size={s.icon}
        radius="md"
        variant={inverted ? 'white' : 'filled'}
        color={inverted ? 'blue.8' : 'blue'}
        aria-hidden
      >
        <IconTruck size={s.icon * 0.6} stroke={1.8} />
      </ThemeIcon>
      <Text fw={800} fz={s.text} c={inverted ? 'white' : 'dark.8'} style={{ letterSpacing: '-0.02em' }}>
        Haulpro
      </Text>
    </Group>
  );
}
