import type { TStorage } from '../../storage/storage.ts';
import type { TTx } from '../client.ts';
import { branchPhotos } from '../schema.ts';
import { gradientPng, type TRgb } from './gradient-png.ts';

/** Colours of the demo photos: sunrise, sea, forest, dusk. */
const DEMO_PHOTOS: { from: TRgb; to: TRgb; pinned: boolean }[] = [
  { from: [255, 183, 77], to: [229, 57, 53], pinned: true },
  { from: [79, 195, 247], to: [21, 101, 192], pinned: false },
  { from: [174, 213, 129], to: [46, 125, 50], pinned: false },
  { from: [206, 147, 216], to: [69, 39, 160], pinned: false },
];

/** A few photos on a branch (one pinned), stored like uploads. Without storage there are none. */
export async function seedDemoPhotos(
  tx: TTx,
  branchId: number,
  storage: TStorage | undefined,
): Promise<void> {
  if (!storage) return;
  for (const [i, p] of DEMO_PHOTOS.entries()) {
    const image = await storage.save('photos', gradientPng(480, 480, p.from, p.to), 'png');
    // Each a minute older than the one before: the list (pinned, then newest) keeps this order.
    await tx.insert(branchPhotos).values({
      branchId,
      image,
      isPinned: p.pinned,
      createdAt: new Date(Date.now() - i * 60_000),
    });
  }
}
