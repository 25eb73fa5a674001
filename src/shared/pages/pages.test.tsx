import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { get, LxdApiError } from '../../lxd/client';
import { fakeLxd, renderAt } from '../../testing/fake-lxd';
import { fineGrainedAuth } from '../../testing/render';
import { bulkFailures, bulkSummary, runBulk } from './bulk';
import { detailPage } from './DetailPage';
import { listPage, listRows } from './ListPage';

interface Thing {
  name: string;
  description: string;
}

const THINGS: Thing[] = [
  { name: 'beta', description: 'second' },
  { name: 'alpha', description: 'first' },
];

const ThingList = listPage<Thing>({
  id: 'things',
  title: 'Things',
  noun: { one: 'thing', other: 'things' },
  useRows: ({ project }) =>
    listRows(
      useQuery({
        queryKey: ['things', project],
        queryFn: () => get<Thing[]>('/1.0/things', { project }),
      }),
    ),
  columns: () => [
    {
      id: 'name',
      header: 'Name',
      rowHeader: true,
      alwaysShown: true,
      sortValue: (thing) => thing.name,
      cell: (thing) => thing.name,
    },
    { id: 'description', header: 'Description', cell: (thing) => thing.description },
  ],
  rowKey: (thing) => thing.name,
  defaultSort: { column: 'name', direction: 'ascending' },
  search: {
    label: 'Search things',
    compile: (term) => (thing) => thing.name.includes(term),
  },
  create: {
    label: 'Create thing',
    to: ({ project }) => `/project/${project}/things/create`,
    action: 'createProfiles',
  },
  notice: ({ project }) => <p role="note">Things of {project}</p>,
  empty: 'Things are made by hand.',
});

const ThingDetail = detailPage<Thing>({
  noun: 'thing',
  tabsLabel: 'Thing views',
  idPrefix: 'thing',
  useDetail: ({ project, name }) =>
    useQuery({
      queryKey: ['thing', project, name],
      queryFn: () => get<Thing>(`/1.0/things/${name}`, { project }),
      retry: false,
    }),
  parent: ({ project }) => ({ label: 'Things', to: `/project/${project}/things` }),
  summary: (thing) => thing.description,
  actions: () => (
    <button type="button" className="p-button">
      Rename
    </button>
  ),
  path: ({ project, name }, tab, section) =>
    `/project/${project}/thing/${name}${tab ? `/${tab}` : ''}${section ? `/${section}` : ''}`,
  tabs: [
    { id: 'overview', label: 'Overview', render: (thing) => <p>About {thing.name}</p> },
    {
      id: 'configuration',
      label: 'Configuration',
      sections: () => ['main', 'limits'],
      render: (thing, { section }) => (
        <p>
          {thing.name} section {section ?? 'main'}
        </p>
      ),
    },
  ],
});

const DETAIL_ROUTE = '/project/:project/thing/:name/:activeTab?/:section?';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a list page declaration', () => {
  it('draws the heading, create action, note and the shared list with its search', async () => {
    fakeLxd(({ url }) => (url.startsWith('/1.0/things') ? { metadata: THINGS } : undefined));
    renderAt('/project/:project/things', <ThingList />, '/project/p1/things');
    const table = await screen.findByRole('table', { name: 'Things' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['alpha', 'beta']);
    expect(screen.getByRole('heading', { level: 1, name: 'Things' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create thing' })).toHaveAttribute(
      'href',
      '/project/p1/things/create',
    );
    expect(screen.getByRole('note')).toHaveTextContent('Things of p1');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search things' }), 'be');
    await waitFor(() => {
      expect(
        within(table)
          .getAllByRole('rowheader')
          .map((cell) => cell.textContent),
      ).toEqual(['beta']);
    });
  });

  it('says what an empty list is, with the create action; disabled without the permission', async () => {
    fakeLxd(({ url }) => (url.startsWith('/1.0/things') ? { metadata: [] } : undefined));
    renderAt('/project/:project/things', <ThingList />, '/project/p1/things', fineGrainedAuth({}));
    expect(await screen.findByRole('heading', { name: 'No things found' })).toBeInTheDocument();
    expect(screen.getByText('Things are made by hand.')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Create thing' });
    expect(buttons).toHaveLength(2);
    for (const button of buttons) expect(button).toBeDisabled();
  });
});

describe('a detail page declaration', () => {
  it('shows the first tab at the page’s own address, with breadcrumb, summary and actions', async () => {
    fakeLxd(({ url }) =>
      url.startsWith('/1.0/things/alpha') ? { metadata: THINGS[1] } : undefined,
    );
    renderAt(DETAIL_ROUTE, <ThingDetail />, '/project/p1/thing/alpha');
    expect(await screen.findByText('About alpha')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'alpha' })).toBeInTheDocument();
    expect(screen.getByText('first')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rename' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', {
        name: 'Things',
      }),
    ).toHaveAttribute('href', '/project/p1/things');
    const tabs = within(screen.getByRole('tablist', { name: 'Thing views' })).getAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
      ['Overview', '/project/p1/thing/alpha'],
      ['Configuration', '/project/p1/thing/alpha/configuration'],
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Overview' })).toHaveTextContent('About alpha');
  });

  it('opens a tab and its section from the path, and goes back to the page for unknown ones', async () => {
    fakeLxd(({ url }) =>
      url.startsWith('/1.0/things/alpha') ? { metadata: THINGS[1] } : undefined,
    );
    renderAt(DETAIL_ROUTE, <ThingDetail />, '/project/p1/thing/alpha/configuration/limits');
    expect(await screen.findByText('alpha section limits')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Configuration' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it.each(['/project/p1/thing/alpha/nope', '/project/p1/thing/alpha/overview/limits'])(
    '%s leads back to the page',
    async (entry) => {
      fakeLxd(({ url }) =>
        url.startsWith('/1.0/things/alpha') ? { metadata: THINGS[1] } : undefined,
      );
      renderAt(DETAIL_ROUTE, <ThingDetail />, entry);
      await waitFor(() => {
        expect(screen.getByTestId('location')).toHaveTextContent(/^\/project\/p1\/thing\/alpha$/);
      });
    },
  );

  it('says an object is not found, with the way back to its list', async () => {
    fakeLxd(() => ({ status: 404, error: 'not found' }));
    renderAt(DETAIL_ROUTE, <ThingDetail />, '/project/p1/thing/gone');
    expect(
      await screen.findByRole('heading', { name: 'Thing gone not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to things' })).toHaveAttribute(
      'href',
      '/project/p1/things',
    );
  });

  it('shows another failure with LXD’s message and a retry', async () => {
    fakeLxd(() => ({ status: 500, error: 'database is locked' }));
    renderAt(DETAIL_ROUTE, <ThingDetail />, '/project/p1/thing/alpha');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the thingdatabase is locked',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('bulk actions', () => {
  it('runs every call at once and counts what succeeded and what failed', async () => {
    const outcome = await runBulk(['a', 'b', 'c'], (item) =>
      item === 'b' ? Promise.reject(new LxdApiError('busy', 400)) : Promise.resolve(),
    );
    expect(outcome.done).toEqual(['a', 'c']);
    expect(outcome.failed).toEqual([{ item: 'b', message: 'busy' }]);
    const noun = { one: 'image', other: 'images' };
    expect(bulkSummary(outcome, noun, 'deleted')).toBe('2 images deleted, 1 failed');
    expect(bulkSummary({ done: ['a'], failed: [] }, noun, 'deleted')).toBe('1 image deleted');
    expect(bulkFailures(outcome, (item) => `image ${item}`)).toBe('image b: busy');
  });
});
