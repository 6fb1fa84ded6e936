import { WEEKDAY_NAMES } from '@haulpro/shared/pricing-labels';
import { cutText } from '@haulpro/shared/text';
import { Anchor, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconClockHour4, IconInfoCircle, IconMapPin, IconStar } from '@tabler/icons-react';
import { LazyBranchCardMap } from '../../../components/maps/lazy-branch-card-map.tsx';
import table from '../../../components/plain-table.module.css';
import { ReviewCard } from '../../../components/reviews/review-card.tsx';
import { ReviewSummary } from '../../../components/reviews/review-summary.tsx';
import type { TPublicBranch, TPublicWorkingDay } from '../api/get-public-branch.ts';
import { formatHours, fullAddress } from '../lib/format.ts';
import { ProfileSection, SectionEmpty } from './profile-section.tsx';
import classes from './public-company.module.css';

/** The introduction is cut at 500 characters with Read more (spec: Public profile). */
export const ABOUT_CUT = 500;

export function AboutSection({ text }: { text: string | null | undefined }) {
  const [expanded, toggle] = useDisclosure(false);
  const about = text?.trim() ?? '';
  const long = about.length > ABOUT_CUT;
  return (
    <ProfileSection id="about" title="About" icon={<IconInfoCircle size={18} />}>
      {about ? (
        <Stack gap={6} align="flex-start">
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            data-testid="about-text"
          >
            {long && !expanded ? cutText(about, ABOUT_CUT) : about}
          </Text>
          {long ? (
            <Anchor component="button" type="button" size="sm" fw={600} onClick={toggle.toggle}>
              {expanded ? 'Show less' : 'Read more'}
            </Anchor>
          ) : null}
        </Stack>
      ) : (
        <SectionEmpty>This company has not written an introduction yet.</SectionEmpty>
      )}
    </ProfileSection>
  );
}

/** Sunday to Saturday: hours, or Closed. */
export function WorkingHoursSection({ days }: { days: TPublicWorkingDay[] }) {
  const byDay = WEEKDAY_NAMES.map((name, day) => ({ name, day: days.find((d) => d.day === day) }));
  return (
    <ProfileSection id="hours" title="Working hours" icon={<IconClockHour4 size={18} />}>
      {days.length === 0 ? (
        <SectionEmpty>This company has not shared its working hours yet.</SectionEmpty>
      ) : (
        <table className={table.table} aria-label="Working hours">
          <tbody>
            {byDay.map(({ name, day }) => {
              const open = day?.is_active === true && day.to_hour > day.from_hour;
              return (
                <tr
                  key={name}
                  className={classes.hoursRow}
                  data-closed={open ? undefined : true}
                  data-testid="hours-row"
                >
                  <th scope="row">{name}</th>
                  <td className={`${table.right} ${table.nowrap}`}>
                    {open && day ? formatHours(day.from_hour, day.to_hour) : 'Closed'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </ProfileSection>
  );
}

/** The branch's address and its service-area circle on the map. */
export function ServiceAreaSection({ branch }: { branch: TPublicBranch }) {
  return (
    <ProfileSection id="area" title="Service area" icon={<IconMapPin size={18} />}>
      <Stack gap="sm">
        <LazyBranchCardMap
          name={branch.branch_name}
          latitude={branch.latitude}
          longitude={branch.longitude}
          serviceArea={branch.service_area}
          height={220}
        />
        <Text size="sm" data-testid="area-text">
          Moves within <b>{branch.service_area} km</b> of{' '}
          <span style={{ overflowWrap: 'anywhere' }}>{fullAddress(branch)}</span>
        </Text>
      </Stack>
    </ProfileSection>
  );
}

export function ReviewsSection({ branch }: { branch: TPublicBranch }) {
  return (
    <ProfileSection id="reviews" title="Recent reviews" icon={<IconStar size={18} />}>
      {branch.reviews.length === 0 ? (
        <SectionEmpty>
          No reviews yet. Be the first to hire this company and tell others how it went.
        </SectionEmpty>
      ) : (
        <Stack gap="md">
          <ReviewSummary average={branch.rating} count={branch.reviews_count} />
          {branch.reviews.map((review) => (
            <ReviewCard key={review.id} review={review} />
          ))}
        </Stack>
      )}
    </ProfileSection>
  );
}
