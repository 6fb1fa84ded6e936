import type { TRole } from './user.ts';

/** Other guest-only addresses: /register (mover and helper registration) and /referral (sign-up, spec: links ?referral_code=). */
export const SIGN_UP_ALIASES = ['/register', '/referral'] as const;
/**
 * Pages an authenticated user is sent away from (spec: navigation rules). The sign-up
 * aliases are the same page, so they follow the same rule.
 */
export const GUEST_ONLY_PATHS = ['/login', '/forgot-password', '/sign-up', ...SIGN_UP_ALIASES] as const;
/** The staff branch pages (spec: route table). */
export const LOCATIONS_PATH = '/locations';
/** Today's jobs of the crew (issue 28): the installable app's start page. */
export const TODAY_PATH = '/today';
/** The crew's page of one order on move day. */
export function jobPath(orderId: number): string {
  return `/job/${orderId}`;
}
/** The mobile branch picker (spec: /choose-branch). */
export const CHOOSE_BRANCH_PATH = '/choose-branch';

/** The public company page of a branch (spec: /profile/{slug}, the slug of the branch). */
export function companyPagePath(slug: string): string {
  return `/profile/${encodeURIComponent(slug)}`;
}

/**
 * GET /api/public/branches/{slug}: a company page's data. The page asks exactly this, and the
 * server preloads it with the page's HTML, so both build it here.
 */
export function publicBranchApiPath(slug: string): string {
  return `/api/public/branches/${encodeURIComponent(slug)}`;
}

/** Opened from e-mailed links: standalone pages without the navbar. */
const MAILED_LINK_PATHS = ['/reset-password', '/verify-email', '/write-review'] as const;

/** Pages that never require a session. */
export const PUBLIC_PATHS = [...GUEST_ONLY_PATHS, ...MAILED_LINK_PATHS] as const;

export function isGuestOnlyPath(pathname: string): boolean {
  return (GUEST_ONLY_PATHS as readonly string[]).includes(pathname);
}

export function isPublicPath(pathname: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(pathname) || pathname.startsWith('/profile/');
}

/**
 * The navbar is hidden on login, forgot-password and sign-up (and the sign-up aliases), and
 * on the pages opened from e-mailed links, which stand alone.
 */
export function showsNavbar(pathname: string): boolean {
  return !isGuestOnlyPath(pathname) && !(MAILED_LINK_PATHS as readonly string[]).includes(pathname);
}

export type TMenuItem = { label: string; to: string };

/** Role menus, exactly the spec's items (spec: Menus). Log out is the last item for every role. */
export function menuFor(role: TRole): TMenuItem[] {
  switch (role) {
    case 'customer':
      return [
        { label: 'My Orders', to: '/user-dashboard' },
        { label: 'Account settings', to: '/user-account' },
        { label: 'Invite a friend', to: '/invite-friends' },
        { label: 'Reviews', to: '/reviews' },
        { label: 'Log out', to: '/user-logout' },
      ];
    case 'labor':
      return [
        { label: 'Orders', to: '/labor-dashboard' },
        // Today's jobs on the phone (issue 28).
        { label: 'Today', to: TODAY_PATH },
        { label: 'Settings', to: '/labor-settings' },
        { label: 'Log out', to: '/user-logout' },
      ];
    case 'staff':
      return [
        { label: 'Active Orders', to: '/' },
        // Today's jobs on the crew's phone (issue 28).
        { label: 'Today', to: TODAY_PATH },
        { label: 'Calendar', to: '/calendar' },
        { label: 'Order History', to: '/orders' },
        // The money of finished jobs, beside their history (decision 028).
        { label: 'Payouts', to: '/payouts' },
        { label: 'Pricing', to: '/pricing' },
        { label: 'Profile', to: '/profile' },
        { label: 'Teams', to: '/teams' },
        { label: 'Invite a friend', to: '/invite-friends' },
        { label: 'Reviews', to: '/reviews' },
        { label: 'Log out', to: '/user-logout' },
      ];
    case 'admin':
      return [
        { label: 'Payout reviews', to: '/admin' },
        { label: 'Log out', to: '/user-logout' },
      ];
  }
}

/** Extra items in the staff profile menu (spec: "The profile menu also has Locations"). */
export function profileMenuFor(role: TRole): TMenuItem[] {
  return role === 'staff'
    ? [
        { label: 'Locations', to: '/locations' },
        { label: 'Options', to: '/options' },
      ]
    : [];
}

/** Customers and labor opening the deliveries tab go to their own dashboard. */
export function redirectForDashboard(role: TRole, pathname: string): string | null {
  const isCompanyDashboard = pathname === '/' || pathname === '/deliveries' || pathname === '/movings';
  if (!isCompanyDashboard) return null;
  if (role === 'customer') return '/user-dashboard';
  if (role === 'labor') return '/labor-dashboard';
  if (role === 'admin') return '/admin';
  return pathname === '/' ? '/deliveries' : null;
}

/** Where to go after sign-in: the saved address if any, otherwise the dashboard. */
export function afterLoginPath(saved: string | null | undefined, home: string): string {
  if (!saved?.startsWith('/') || saved.startsWith('//')) return home;
  const path = saved.split('?')[0] ?? '';
  if (isGuestOnlyPath(path) || path === '/user-logout') return home;
  return saved;
}

/** Whether a menu item is the current page; Active Orders covers both dashboard tabs. */
export function isActiveMenuItem(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/' || pathname === '/deliveries' || pathname === '/movings';
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** Where each role lands after sign-in (spec: navigation rules). */
export function homePathFor(role: TRole): string {
  switch (role) {
    case 'customer':
      return '/user-dashboard';
    case 'labor':
      return '/labor-dashboard';
    case 'admin':
      return '/admin';
    case 'staff':
      return '/';
  }
}

/** The /helper-list address for a search (also "Hire a new helper" from an archived order). */
export function helperListUrl(s: {
  from_zip: string;
  from_date: string;
  to_zip: string;
  to_date?: string | undefined;
  type_service?: number | undefined;
  type_moving?: number | undefined;
  bedrooms_count?: number | undefined;
  helpers_count?: number | undefined;
  hours_count?: number | undefined;
}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(s)) if (v !== undefined && v !== '') q.set(k, String(v));
  return `/helper-list?${q.toString()}`;
}

/**
 * A company page's title (before " | Haulpro"): the server's HTML and the page agree on it, so a
 * search result and the browser tab say the same. "Demo Movers – Downtown: movers in Los Angeles, CA".
 */
export function companyPageTitle(b: {
  company_name: string;
  branch_name: string;
  city: string | null;
  state: string | null;
}): string {
  const name = b.branch_name === b.company_name ? b.company_name : `${b.company_name} – ${b.branch_name}`;
  const place = [b.city, b.state].filter(Boolean).join(', ');
  return place ? `${name}: movers in ${place}` : `${name}: movers`;
}
