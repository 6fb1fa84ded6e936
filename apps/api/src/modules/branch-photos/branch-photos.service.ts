import {
  BRANCH_PHOTOS_MAX,
  PHOTO_MSG,
  type TBranchPhoto,
  type TPublicPhoto,
} from '@haulpro/shared/branch-photo';
import type { TAuth, TDeps } from '../../context.ts';
import type { TDb } from '../../db/client.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { readUpload } from '../../storage/image-upload.ts';
import type { TBranchesService } from '../branches/branches.service.ts';
import { staffCompanyId } from '../company-scope.ts';
import {
  deleteBranchPhoto,
  insertBranchPhotoWithin,
  listBranchPhotos,
  setBranchPhotoPinned,
  type TBranchPhotoRow,
} from './branch-photos.repository.ts';

/** Public: photos live in a folder served at /uploads/photos (their names are random UUIDs). */
export const PHOTOS_FOLDER = 'photos';

const view = (r: TBranchPhotoRow): TBranchPhoto => ({ id: r.id, image: r.image, is_pinned: r.isPinned });

/** Read for the public company page: a branch's photos, pinned first, then newest. */
export async function branchPhotosPublic(db: TDb, branchId: number): Promise<TPublicPhoto[]> {
  return (await listBranchPhotos(db, branchId)).map((r) => ({ id: r.id, image: r.image }));
}

export function createBranchPhotosService(
  { db, storage }: TDeps,
  branches: Pick<TBranchesService, 'companyBranch'>,
) {
  /** A branch of the caller's company, or 404 (another company's branch looks like no branch). */
  async function ownBranch(auth: TAuth, branchId: number) {
    const branch = await branches.companyBranch(staffCompanyId(auth), branchId);
    if (!branch) throw notFound();
    return branch;
  }

  return {
    async list(auth: TAuth, branchId: number): Promise<TBranchPhoto[]> {
      await ownBranch(auth, branchId);
      return (await listBranchPhotos(db, branchId)).map(view);
    },

    /** Checked by content (readUpload), stored, then counted against the limit in one transaction. */
    async add(auth: TAuth, branchId: number, photo: string): Promise<TBranchPhoto> {
      await ownBranch(auth, branchId);
      const file = await readUpload(photo);
      if (!file.ok) throw invalid({ photo: [file.message] });
      const image = await storage.save(PHOTOS_FOLDER, file.bytes, file.ext);
      const row = await insertBranchPhotoWithin(db, branchId, image, BRANCH_PHOTOS_MAX).catch(
        async (error: unknown) => {
          await storage.remove(image);
          throw error;
        },
      );
      if (!row) {
        await storage.remove(image);
        throw invalid({ photo: [PHOTO_MSG.limit] });
      }
      return view(row);
    },

    async pin(auth: TAuth, branchId: number, id: number, isPinned: boolean): Promise<TBranchPhoto> {
      await ownBranch(auth, branchId);
      const row = await setBranchPhotoPinned(db, branchId, id, isPinned);
      if (!row) throw notFound();
      return view(row);
    },

    /** Removes the row, then its file. */
    async remove(auth: TAuth, branchId: number, id: number): Promise<void> {
      await ownBranch(auth, branchId);
      const row = await deleteBranchPhoto(db, branchId, id);
      if (!row) throw notFound();
      await storage.remove(row.image);
    },
  };
}

export type TBranchPhotosService = ReturnType<typeof createBranchPhotosService>;
