import { Box, Card, Tabs } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { SIDE_SCROLLER_ROW, SideScroller } from './side-scroller.tsx';

export type TSettingsTab = { value: string; label: string; icon: ReactNode; panel: () => ReactNode };

type TSettingsTabsProps = {
  tabs: readonly TSettingsTab[];
  /** The tab list's accessible name. */
  label: string;
};

/**
 * The tabs of a settings page in a card. The open tab lives in the address (?tab=), so a
 * reload or a shared link opens the same tab. On narrow screens the tab list scrolls sideways.
 */
export function SettingsTabs({ tabs, label }: TSettingsTabsProps) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const active = tabs.find((t) => t.value === asked) ?? tabs[0];
  const listRef = useRef<HTMLDivElement>(null);

  // On narrow screens the open tab may sit beyond the edge: bring it into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the open tab changes.
  useEffect(() => {
    const tab = listRef.current?.querySelector<HTMLElement>('[data-active]');
    const scroller = tab?.closest<HTMLElement>(SIDE_SCROLLER_ROW);
    if (!tab || !scroller) return;
    const left = tab.offsetLeft - scroller.clientWidth / 2 + tab.offsetWidth / 2;
    scroller.scrollTo({ left: Math.max(0, left) });
  }, [active?.value]);

  function open(value: string | null) {
    if (!value) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <Card padding={0}>
      <Tabs value={active?.value ?? null} onChange={open} keepMounted={false}>
        <SideScroller controlSize={28} fadeColor="var(--mantine-color-white)">
          <Tabs.List
            ref={listRef}
            aria-label={label}
            px={{ base: 0, sm: 'md' }}
            pt="xs"
            style={{ flexWrap: 'nowrap', minWidth: '100%' }}
          >
            {tabs.map((tab) => (
              <Tabs.Tab
                key={tab.value}
                value={tab.value}
                leftSection={tab.icon}
                fz={{ base: 'sm', sm: 'md' }}
                py="md"
                px={{ base: 'sm', sm: 'md' }}
                style={{ flex: 'none', whiteSpace: 'nowrap' }}
              >
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </SideScroller>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value}>
            <Box p={{ base: 'sm', sm: 'xl' }}>{tab.value === active?.value ? tab.panel() : null}</Box>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Card>
  );
}
