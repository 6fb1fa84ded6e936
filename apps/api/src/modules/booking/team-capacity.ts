import type { TShowUpWindow } from '@haulpro/shared/pricing-constants';
import type { TDb, TTx } from '../../db/client.ts';
import { together } from '../../db/together.ts';
import { availability } from '../../domain/availability.ts';
import {
  addDays,
  NEXT_WINDOW_HORIZON_DAYS,
  nextFreeWindow,
  type TJob,
  type TTeam,
} from '../../domain/capacity.ts';
import type { TCrewsService, THoldingJob } from '../crews/crews.service.ts';
import { loadBlockedRange, type TBranchBookingData, type TBranchCapacity } from './booking.repository.ts';

type TQ = TDb | TTx;

export function toJob(j: THoldingJob): TJob {
  return {
    window: j.arrivalTime as TShowUpWindow,
    hours: j.hoursCount,
    helpers: j.helpersCount,
    trucks: j.truckNumber,
  };
}

/** The branch team capacity reads of the booking (decision 019); the crews module owns the teams and jobs. */
export function createTeamCapacity(crews: Pick<TCrewsService, 'lockBranch' | 'teams' | 'holdingJobs'>) {
  /** A branch's capacity from its team (none: no limit) and the holding jobs read with it, but `exceptOrderId`. */
  const capacityOf = (team: TTeam | null, jobs: THoldingJob[], branchId: number, exceptOrderId?: number) => ({
    team,
    jobs: team ? jobs.filter((j) => j.branchId === branchId && j.id !== exceptOrderId).map(toJob) : [],
  });

  /** Each branch's team and that date's holding jobs (decision 019), read now (never from a cache). */
  async function loadCapacity(
    db: TQ,
    branchIds: number[],
    date: string,
  ): Promise<Map<number, TBranchCapacity>> {
    const teams = await crews.teams(db, branchIds);
    // Only branches with a team are limited: the others need no jobs read.
    const limited = branchIds.filter((id) => teams.has(id));
    const jobs = await crews.holdingJobs(db, limited, date, date);
    return new Map(branchIds.map((id) => [id, capacityOf(teams.get(id) ?? null, jobs, id)]));
  }

  /**
   * A booking's check, in its transaction (decision 019): the branch's lock, then its team and
   * that date's holding jobs but `exceptOrderId` (the order being placed). The three are sent
   * when this is called, in that order (decision 041): the reads start once the lock is held, so
   * they count every booking of the branch that committed before it, as when each waited for the
   * lock's answer before counting. statement-counts.test.ts holds the order.
   */
  async function lockedCapacity(
    tx: TTx,
    branchId: number,
    date: string,
    exceptOrderId: number,
  ): Promise<TBranchCapacity> {
    const [, teams, jobs] = await together([
      crews.lockBranch(tx, branchId),
      crews.teams(tx, [branchId]),
      crews.holdingJobs(tx, [branchId], date, date),
    ]);
    return capacityOf(teams.get(branchId) ?? null, jobs, branchId, exceptOrderId);
  }

  /** Adds each branch's capacity to its booking data (in place). */
  async function withCapacity<T extends TBranchBookingData>(
    db: TQ,
    data: Map<number, T>,
    date: string,
  ): Promise<Map<number, T>> {
    const capacity = await loadCapacity(db, [...data.keys()], date);
    for (const [id, d] of data) d.capacity = capacity.get(id);
    return data;
  }

  /**
   * The next window (after `window` on `date`) where this branch is open and its team can take the
   * same job, within NEXT_WINDOW_HORIZON_DAYS; null when there is none.
   */
  async function nextWindowFor(
    db: TQ,
    d: TBranchBookingData,
    job: TJob,
    date: string,
    now: Date,
  ): Promise<{ date: string; arrival_time: TShowUpWindow } | null> {
    const team = d.capacity?.team ?? null;
    const to = addDays(date, NEXT_WINDOW_HORIZON_DAYS);
    const [jobs, blocked] = await Promise.all([
      team ? crews.holdingJobs(db, [d.branch.id], date, to) : Promise.resolve([]),
      loadBlockedRange(db, d.branch.id, date, to),
    ]);
    const workingDays = d.workingDays.map((w) => ({
      day: w.day,
      isActive: w.isActive,
      fromHour: w.fromHour,
      toHour: w.toHour,
    }));
    const blockedDays = blocked.map((x) => ({
      date: x.date,
      isOnMorning: x.isOnMorning,
      isOnAfternoon: x.isOnAfternoon,
    }));
    return nextFreeWindow({
      team,
      job,
      date,
      jobsOn: (day) => jobs.filter((j) => j.arrivalDate === day).map(toJob),
      isOpen: (day, window) =>
        availability({
          timeZone: d.branch.timeZone,
          workingDays,
          blockedDays,
          acceptInPeriodOf: d.company.acceptInPeriodOf,
          acceptNextDayMove: d.company.acceptNextDayMove,
          date: day,
          window,
          now,
        }).available,
    });
  }

  return { loadCapacity, lockedCapacity, withCapacity, nextWindowFor };
}

export type TTeamCapacity = ReturnType<typeof createTeamCapacity>;
