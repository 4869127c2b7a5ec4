import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTES } from '../../../shared/routes/table.ts';
import type { PageProps } from '../../apps/types.ts';
import { counts, fakePush, queryApi } from '../../testing/messages-kit.ts';
import { allowedRoutesAtom, loadingAtom } from '../../kernel/atoms.ts';
import { byTestId, cleanup, click, renderPage, routerAt, settle } from '../../testing/page-kit.tsx';
import { Frame } from '../Frame.tsx';
import { ShellRouter } from '../ShellRouter.tsx';

afterEach(cleanup);

const byId = (id: string) => ROUTES.find((r) => r.id === id)!;
const MOBILE = ['portal.mobileHome', 'workflow.mobileTodo', 'messages.mobileCenter', 'account.mobileMe'].map(byId);
const InFrame = ({ match }: PageProps) => (
  <Frame route={match.route} match={match}>
    <p data-testid="page-body">page</p>
  </Frame>
);
const api = (todo = 2, unread = 3) => queryApi({ 'GET /api/messages/unread': counts({ todo: unread }), 'GET /api/workflow/todo/counts': { todo, ccUnread: 0, drafts: 0 } }).api;
/** A signed-in member who may open the given routes, with the loading flag set as a slow page would set it. */
const render = (url: string, routes = MOBILE, services = {}) =>
  renderPage(InFrame, url, api(), 'en', ['user'], services, (store) => {
    store.set(allowedRoutesAtom, routes);
    store.set(loadingAtom, true);
  });

describe('the mobile frame', () => {
  it('draws no header, side menu or loading bar; a top bar with the title and the four tabs with their counts', async () => {
    await render('/space-acme/m/home');
    expect(document.querySelector('.qp-header, .qp-sider, .qp-loading-bar')).toBeNull();
    expect(document.querySelector('.qp-frame')?.getAttribute('data-layout')).toBe('mobile');
    expect(byTestId('m-title')?.textContent).toBe('Home');
    expect(byTestId('m-back')).toBeNull();
    const tabs = [...document.querySelectorAll<HTMLAnchorElement>('[data-testid^="m-tab-"][href]')];
    expect(tabs.map((a) => a.getAttribute('href'))).toEqual(['/space-acme/m/home', '/space-acme/m/todo', '/space-acme/m/messages', '/space-acme/m/me']);
    expect(tabs.map((a) => a.textContent)).toEqual(['Home', '2To-dos, to-dos waiting: 2', '3Messages, unread: 3', 'Me']);
    expect(byTestId('m-tab-home')?.getAttribute('aria-current')).toBe('page');
    expect(byTestId('m-tab-todo')?.getAttribute('aria-current')).toBeNull();
    expect(byTestId('page-body')).not.toBeNull();
    // Dialogs and dropdowns are drawn into <body>: the document is marked so they take the phone's sizes too.
    expect(document.documentElement.classList.contains('qp-mobile')).toBe(true);
    cleanup();
    expect(document.documentElement.classList.contains('qp-mobile')).toBe(false);
  });

  it('keeps the unread count current from the socket, and offers only the tabs the member may open', async () => {
    const push = fakePush();
    await render('/m/messages', MOBILE.filter((r) => r.id !== 'workflow.mobileTodo'), { bridge: push.bridge });
    expect(byTestId('m-tab-todo')).toBeNull();
    expect(byTestId('m-tab-messages')?.getAttribute('aria-current')).toBe('page');
    expect(byTestId('m-tab-messages')?.dataset.count).toBe('3');
    await push.emit({ type: 'messages.unread', spaceId: 'acme', counts: counts({ todo: 0 }) });
    expect(byTestId('m-tab-messages')?.dataset.count).toBe('0');
    expect(byTestId('m-tab-messages-badge')).toBeNull();
  });

  it('a page that is no tab’s own shows a back button, which goes home when there is nothing to go back to', async () => {
    await render('/space-acme/m/todo?instance=5');
    expect(byTestId('m-title')?.textContent).toBe('To-dos');
    expect(byTestId('m-tab-todo')?.getAttribute('aria-current')).toBe('page');
    await click('m-back');
    expect(routerAt.current).toBe('/space-acme/m/home');
  });

  it('the phone sign-in has neither bar, nor has a guest', async () => {
    await renderPage(InFrame, '/m/login', api(), 'en', undefined, {}, (store) => store.set(allowedRoutesAtom, [byId('shell.mobileLogin')]));
    expect(byTestId('m-tabbar')).toBeNull();
    expect(byTestId('m-topbar')).toBeNull();
    cleanup();
    await renderPage(InFrame, '/m/home', api(), 'en', undefined, {}, (store) => store.set(allowedRoutesAtom, MOBILE));
    // Not signed in (the router sends guests to the sign-in first): no bars to draw for anyone.
    expect(byTestId('m-tabbar')).toBeNull();
  });
});

describe('the shell router on `/m/`', () => {
  const Router = () => <ShellRouter />;
  const settleLong = async () => {
    for (let i = 0; i < 40 && !byTestId('m-login'); i++) await act(async () => new Promise((r) => setTimeout(r, 25)));
    await settle();
  };

  it('sends a guest asking for a `/m/` page to the phone sign-in with the page (and its space) to return to', async () => {
    await renderPage(Router, '/space-acme/m/todo?instance=5', api(), 'en', undefined, {}, (store) => store.set(allowedRoutesAtom, [byId('shell.mobileLogin')]));
    await settleLong();
    expect(routerAt.current).toBe(`/m/login?url=${encodeURIComponent('/space-acme/m/todo?instance=5')}`);
    expect(byTestId('m-login')).not.toBeNull();
    expect(document.querySelector('.qp-loading-bar')).toBeNull();
  });

  it('still sends a guest asking for a web page to the web sign-in', async () => {
    await renderPage(Router, '/form', api(), 'en', undefined, {}, (store) => store.set(allowedRoutesAtom, []));
    expect(routerAt.current).toBe('/home/login?url=%2Fform');
  });
});
