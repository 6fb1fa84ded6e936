import type { TProfileSection } from '@haulpro/shared/company-profile';

/** Query keys of one branch's profile sections (everything of a branch under ['profile', id]). */
export const profileKeys = {
  branch: (branchId: number) => ['profile', branchId] as const,
  section: (branchId: number, section: TProfileSection) => ['profile', branchId, section] as const,
};
