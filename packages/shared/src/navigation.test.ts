import { describe, expect, it } from 'vitest';
import {
  afterLoginPath,
  CHOOSE_BRANCH_PATH,
  companyPagePath,
  homePathFor,
  isActiveMenuItem,
  isGuestOnlyPath,
  isPublicPath,
  LOCATIONS_PATH,
  menuFor,
  profileMenuFor,
  redirectForDashboard,
  showsNavbar,
} from './navigation.ts';

describe('navigation rules', () => {
  it('guest-only pages are sign in, forgot password and sign-up with its aliases', () => {
    for (const path of ['/login', '/forgot-password', '/sign-up', '/register', '/referral']) {
      expect(isGuestOnlyPath(path)).toBe(true);
      expect(showsNavbar(path)).toBe(false);
      expect(isPublicPath(path)).toBe(true);
    }
    for (const path of ['/', '/deliveries', '/user-dashboard', '/profile']) {
      expect(isGuestOnlyPath(path)).toBe(false);
      expect(showsNavbar(path)).toBe(true);
      expect(isPublicPath(path)).toBe(false);
    }
    expect(isPublicPath('/profile/demo-movers')).toBe(true);
    // The invited reviewer's page: no account, no navbar.
    expect(isPublicPath('/write-review')).toBe(true);
    expect(showsNavbar('/write-review')).toBe(false);
  });

  it('customers and labor opening the company dashboard go to their own', () => {
    for (const path of ['/', '/deliveries', '/movings']) {
      expect(redirectForDashboard('customer', path)).toBe('/user-dashboard');
      expect(redirectForDashboard('labor', path)).toBe('/labor-dashboard');
      expect(redirectForDashboard('admin', path)).toBe('/admin');
    }
    expect(redirectForDashboard('staff', '/')).toBe('/deliveries');
    expect(redirectForDashboard('staff', '/deliveries')).toBeNull();
    expect(redirectForDashboard('staff', '/movings')).toBeNull();
    expect(redirectForDashboard('customer', '/reviews')).toBeNull();
  });

  it('after sign-in: the saved address if safe, otherwise home', () => {
    expect(afterLoginPath('/pricing?x=1', '/')).toBe('/pricing?x=1');
    expect(afterLoginPath(null, '/user-dashboard')).toBe('/user-dashboard');
    expect(afterLoginPath('//evil.example/x', '/')).toBe('/');
    expect(afterLoginPath('https://evil.example/', '/')).toBe('/');
    expect(afterLoginPath('/login', '/')).toBe('/');
    expect(afterLoginPath('/register?referral_code=X', '/')).toBe('/');
    expect(afterLoginPath('/user-logout', '/admin')).toBe('/admin');
  });

  it('menus are exactly the spec items, Log out last', () => {
    const labels = (role: Parameters<typeof menuFor>[0]) => menuFor(role).map((i) => i.label);
    expect(labels('customer')).toEqual([
      'My Orders',
      'Account settings',
      'Invite a friend',
      'Reviews',
      'Log out',
    ]);
    expect(labels('labor')).toEqual(['Orders', 'Today', 'Settings', 'Log out']);
    expect(labels('staff')).toEqual([
      'Active Orders',
      'Today',
      'Calendar',
      'Order History',
      'Payouts',
      'Pricing',
      'Profile',
      'Teams',
      'Invite a friend',
      'Reviews',
      'Log out',
    ]);
    expect(profileMenuFor('staff').map((i) => i.label)).toContain('Locations');
    expect(profileMenuFor('customer')).toEqual([]);
  });

  it('homes per role', () => {
    expect(homePathFor('customer')).toBe('/user-dashboard');
    expect(homePathFor('labor')).toBe('/labor-dashboard');
    expect(homePathFor('admin')).toBe('/admin');
    expect(homePathFor('staff')).toBe('/');
  });

  it('Active Orders is active on both dashboard tabs', () => {
    expect(isActiveMenuItem('/', '/movings')).toBe(true);
    expect(isActiveMenuItem('/', '/calendar')).toBe(false);
    expect(isActiveMenuItem('/teams', '/teams/3/new')).toBe(true);
    expect(isActiveMenuItem('/reviews', '/reviews-x')).toBe(false);
  });

  it('branch pages: locations, the mobile picker and the public company page by slug', () => {
    expect(LOCATIONS_PATH).toBe('/locations');
    expect(CHOOSE_BRANCH_PATH).toBe('/choose-branch');
    expect(profileMenuFor('staff').map((i) => i.to)).toContain(LOCATIONS_PATH);
    expect(companyPagePath('demo-movers-los-angeles')).toBe('/profile/demo-movers-los-angeles');
    expect(companyPagePath('a b/c')).toBe('/profile/a%20b%2Fc');
    expect(isPublicPath(companyPagePath('demo-movers-pasadena'))).toBe(true);
  });
});
