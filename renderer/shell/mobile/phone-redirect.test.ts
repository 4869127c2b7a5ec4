import { afterEach, describe, expect, it } from 'vitest';
import { chooseDesktop, choosePhone, currentDevice, DESKTOP_CHOICE_KEY, desktopTwin, isPhone, PHONE_MEDIA, redirectFor } from './phone-redirect.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const media = (matches: boolean) => (query: string) => ({ matches: matches && query === PHONE_MEDIA });

const phone = { phone: true, desktopChosen: false };
const desktop = { phone: false, desktopChosen: false };
const phoneOnDesktop = { phone: true, desktopChosen: true };

describe('phone detection', () => {
  it('a small touch screen is a phone; else the Mobile token of the user agent decides', () => {
    expect(isPhone({ matchMedia: media(true), userAgent: DESKTOP })).toBe(true);
    expect(isPhone({ matchMedia: media(false), userAgent: IPHONE })).toBe(true);
    expect(isPhone({ matchMedia: media(false), userAgent: DESKTOP })).toBe(false);
    expect(isPhone({ userAgent: DESKTOP })).toBe(false);
    expect(isPhone({ matchMedia: () => { throw new Error('no media queries'); }, userAgent: IPHONE })).toBe(true);
  });

  it('remembers the desktop choice in local storage until the phone version is chosen again', () => {
    chooseDesktop();
    expect(localStorage.getItem(DESKTOP_CHOICE_KEY)).toBe('1');
    expect(currentDevice().desktopChosen).toBe(true);
    choosePhone();
    expect(currentDevice().desktopChosen).toBe(false);
  });
  afterEach(() => localStorage.clear());
});

describe('where a location is sent', () => {
  it('the site root: the phone home on a phone, the workbench elsewhere or once the desktop is chosen', () => {
    expect(redirectFor('/', phone)).toBe('/m/home');
    expect(redirectFor('/space-Acme/', phone)).toBe('/space-acme/m/home');
    expect(redirectFor('/', desktop)).toBe('/user/workbench');
    expect(redirectFor('/space-acme', desktop)).toBe('/space-acme/user/workbench');
    expect(redirectFor('/', phoneOnDesktop)).toBe('/user/workbench');
    // A member who may not open the phone home (an operator) keeps the workbench.
    expect(redirectFor('/', phone, (id) => id !== 'portal.mobileHome')).toBe('/user/workbench');
  });

  it('`/m/` is the phone home on every device, with or without a space', () => {
    for (const device of [phone, desktop, phoneOnDesktop]) {
      expect(redirectFor('/m', device)).toBe('/m/home');
      expect(redirectFor('/m/', device)).toBe('/m/home');
      expect(redirectFor('/space-acme/M/', device)).toBe('/space-acme/m/home');
    }
  });

  it('a phone opening a desktop page with a phone twin gets the twin; other pages and desktops are left alone', () => {
    expect(redirectFor('/user/workbench', phone)).toBe('/m/home');
    expect(redirectFor('/space-acme/user/messagecenter/', phone)).toBe('/space-acme/m/messages');
    expect(redirectFor('/form', phone)).toBe('/m/todo');
    expect(redirectFor('/appcenter', phone)).toBe('/m/apps');
    // A particular portal, a to-do asked for by query, a record: the phone has no page that shows the same.
    expect(redirectFor('/user/workbench/p7', phone)).toBeNull();
    expect(redirectFor('/form?instance=5', phone)).toBeNull();
    expect(redirectFor('/crm/detail/f1?id=3', phone)).toBeNull();
    expect(redirectFor('/user/workbench', desktop)).toBeNull();
    expect(redirectFor('/user/workbench', phoneOnDesktop)).toBeNull();
    expect(redirectFor('/m/home', phone)).toBeNull();
    expect(redirectFor('/m/home', desktop)).toBeNull();
    expect(redirectFor('/form', phone, (id) => id !== 'workflow.mobileTodo')).toBeNull();
  });

  it('a phone at the desktop sign-in signs in on the phone, unless it would lose the page asked for', () => {
    expect(redirectFor('/home/login', phone)).toBe('/m/login');
    expect(redirectFor('/home/login?url=%2Fuser%2Fworkbench', phone)).toBe(`/m/login?url=${encodeURIComponent('/m/home')}`);
    expect(redirectFor('/home/login?url=%2Fspace-acme%2Fm%2Ftodo', phone)).toBe(`/m/login?url=${encodeURIComponent('/space-acme/m/todo')}`);
    expect(redirectFor('/home/login?url=%2Fcrm%2Fdetail%2Ff1%3Fid%3D3', phone)).toBeNull();
    expect(redirectFor('/home/login?url=https%3A%2F%2Fevil.example%2F', phone)).toBeNull();
    expect(redirectFor('/home/login', desktop)).toBeNull();
  });
});

describe('the desktop version of a phone page', () => {
  it('is its desktop twin, in the same space, else the workbench', () => {
    expect(desktopTwin('/m/home')).toBe('/user/workbench');
    expect(desktopTwin('/space-acme/m/messages')).toBe('/space-acme/user/messagecenter');
    expect(desktopTwin('/m/todo?instance=5')).toBe('/form');
    expect(desktopTwin('/m/apps')).toBe('/appcenter');
    expect(desktopTwin('/space-acme/m/me')).toBe('/space-acme/user/workbench');
    expect(desktopTwin('/m/app/a1/f1/r9')).toBe('/user/workbench');
  });

  it('the phone sign-in leads to the desktop sign-in, returning to the desktop twin of the page asked for', () => {
    expect(desktopTwin('/m/login')).toBe('/home/login');
    expect(desktopTwin(`/m/login?url=${encodeURIComponent('/m/home')}`)).toBe(`/home/login?url=${encodeURIComponent('/user/workbench')}`);
    expect(desktopTwin('/m/login?url=https%3A%2F%2Fevil.example%2F')).toBe('/home/login');
  });
});
