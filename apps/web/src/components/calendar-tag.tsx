import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

type TCalendarTagProps = { color: string; children: ReactNode; 'data-testid'?: string };

/** A small filled tag inside a month calendar's day ("-10%", "+$40", "AM"), sized to fit phones. */
export function CalendarTag({ color, children, 'data-testid': testId }: TCalendarTagProps) {
  return (
    <Box
      component="span"
      bg={`${color}.7`}
      c="white"
      fz={{ base: 10, sm: 12 }}
      fw={700}
      px={{ base: 2, sm: 6 }}
      lh={1.5}
      maw="100%"
      data-testid={testId}
      style={{ borderRadius: 4, whiteSpace: 'nowrap', overflow: 'hidden', letterSpacing: '-0.02em' }}
    >
      {children}
    </Box>
  );
}
