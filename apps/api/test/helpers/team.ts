import type { TDb } from '../../src/db/client.ts';
import { crews } from '../../src/db/schema.ts';

/** Active team members (none a driver) of a branch, by first name: its bookings count against them. */
export async function addTeam(db: TDb, branchId: number, companyId: number, firstNames: readonly string[]) {
  for (const firstName of firstNames)
    await db.insert(crews).values({
      branchId,
      companyId,
      firstName,
      lastName: 'Lopez',
      email: `${firstName.toLowerCase()}@example.test`,
      phoneNumber: '+1 (213) - 555 - 0142',
      zipCode: '90001',
      isActive: true,
      isDriver: false,
    });
}
