/** TODO(issue 14, helper B): the /profile photos tab. Props stay as they are. */
export function PhotosTab(_props: { branchId: number; companyId: number }) {
  return null;
}
