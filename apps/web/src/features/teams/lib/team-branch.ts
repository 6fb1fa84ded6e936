import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useActiveBranch } from '../../../lib/active-branch.ts';
import { useSettingsBranch } from '../../../lib/settings-branch.ts';

/**
 * The branch a teams page shows: the one in the URL (/teams/{branch_id}) when it is the company's,
 * else the active branch (the main one under All Branches), as the other per-location pages do.
 * A branch in the URL becomes the active one; choosing another in the selector moves the URL.
 */
export function useTeamBranch() {
  const params = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { branchId: activeId, branches, select } = useActiveBranch();
  const settings = useSettingsBranch();
  const asked = Number(params.branchId);
  const fromUrl = Number.isInteger(asked) ? (branches.find((b) => b.id === asked) ?? null) : null;
  const branch = fromUrl ?? settings.branch;

  // The URL's branch becomes the active one when the page opens on it.
  const adopted = useRef<number | null>(null);
  useEffect(() => {
    if (fromUrl && adopted.current !== fromUrl.id) {
      adopted.current = fromUrl.id;
      if (activeId !== fromUrl.id) select(fromUrl.id);
    }
  }, [fromUrl, activeId, select]);

  // Another branch chosen in the selector: the list follows it.
  const lastActive = useRef(activeId);
  useEffect(() => {
    if (lastActive.current === activeId) return;
    lastActive.current = activeId;
    // The open tab (?tab=timesheets) stays open.
    if (activeId !== null && activeId !== fromUrl?.id) navigate(`/teams/${activeId}${search}`);
  }, [activeId, fromUrl, navigate, search]);

  return { branch, isFallback: !fromUrl && settings.isFallback, unknown: !!params.branchId && !fromUrl };
}
