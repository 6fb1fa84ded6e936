import type { ReactNode } from 'react';
import { type TSettingsBranch, useSettingsBranch } from '../lib/settings-branch.ts';
import { BranchSelector } from './branch-selector.tsx';
import { NoLocationsCard } from './no-locations-card.tsx';
import { PageHeader } from './page-header.tsx';
import { SettingsBranchNote } from './settings-branch-note.tsx';
import { SettingsTabs, type TSettingsTab } from './settings-tabs.tsx';

type TShownBranch = NonNullable<TSettingsBranch['branch']>;

/**
 * The frame of a per-location settings page (/pricing, /options, /profile): header with the location
 * selector, an empty state without locations, the note on which location is shown, the tabs,
 * and anything below them.
 */
export function BranchSettingsPage(props: {
  title: string;
  description: string;
  /** What is set per location, e.g. "Prices" (for the note on which location is shown). */
  what: string;
  /** The empty state's text when the company has no location yet. */
  emptyDescription: string;
  tabsLabel: string;
  tabs: (branch: TShownBranch, timeZone: string) => TSettingsTab[];
  footer?: (branch: TShownBranch, timeZone: string) => ReactNode;
  /** Links or buttons beside the location selector, for the branch shown (e.g. View as customer). */
  actions?: (branch: TShownBranch) => ReactNode;
}) {
  const { branch, isFallback, timeZone } = useSettingsBranch();
  const header = (
    <PageHeader
      title={props.title}
      description={props.description}
      actions={
        <>
          {branch ? props.actions?.(branch) : null}
          <BranchSelector />
        </>
      }
    />
  );

  if (!branch) {
    return (
      <>
        {header}
        <NoLocationsCard description={props.emptyDescription} />
      </>
    );
  }

  return (
    <>
      {header}
      <SettingsBranchNote branch={branch} isFallback={isFallback} what={props.what} />
      <SettingsTabs tabs={props.tabs(branch, timeZone)} label={props.tabsLabel} />
      {props.footer?.(branch, timeZone)}
    </>
  );
}
