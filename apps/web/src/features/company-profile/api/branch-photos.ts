import type { TBranchPhoto } from '@haulpro/shared/branch-photo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Query key of a branch's photos (the Photos tab). */
export const photosKey = (branchId: number) => ['branch-photos', branchId] as const;

/** GET branches/{id}/photos: pinned first, then newest. */
export function listBranchPhotos(branchId: number): Promise<TBranchPhoto[]> {
  return api.get<TBranchPhoto[]>(`branches/${branchId}/photos`);
}

export function useBranchPhotos(branchId: number) {
  return useQuery({ queryKey: photosKey(branchId), queryFn: () => listBranchPhotos(branchId) });
}

/** POST branches/{id}/photos {photo: data URL}; 'Photo added successfully' is toasted. */
export function addBranchPhoto({
  branchId,
  photo,
}: {
  branchId: number;
  photo: string;
}): Promise<TBranchPhoto> {
  return api.post<TBranchPhoto>(`branches/${branchId}/photos`, { photo });
}

/** PUT branches/{id}/photos/{image_id} {is_pinned}. */
export function pinBranchPhoto(v: {
  branchId: number;
  id: number;
  isPinned: boolean;
}): Promise<TBranchPhoto> {
  return api.put<TBranchPhoto>(`branches/${v.branchId}/photos/${v.id}`, { is_pinned: v.isPinned ? 1 : 0 });
}

/** DELETE branches/{id}/photos/{image_id} (the file goes too). */
export function deleteBranchPhoto(v: { branchId: number; id: number }): Promise<string> {
  return api.message(`branches/${v.branchId}/photos/${v.id}`, { method: 'DELETE' });
}

function useReloadPhotos() {
  const queryClient = useQueryClient();
  return (_data: unknown, _error: unknown, v: { branchId: number }) =>
    queryClient.invalidateQueries({ queryKey: photosKey(v.branchId) });
}

export function useAddBranchPhoto() {
  return useMutation({ mutationFn: addBranchPhoto, onSettled: useReloadPhotos() });
}

export function usePinBranchPhoto() {
  return useMutation({ mutationFn: pinBranchPhoto, onSettled: useReloadPhotos() });
}

export function useDeleteBranchPhoto() {
  return useMutation({ mutationFn: deleteBranchPhoto, onSettled: useReloadPhotos() });
}
