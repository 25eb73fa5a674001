import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLxd, renderAt } from '../../testing/fake-lxd';
import { detailPage } from './DetailPage';
import { listPage, listRows } from './ListPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

interface Thing {
  name: string;
}

const things = (project: string) => ({
  queryKey: ['things', project],
  queryFn: () => fetch('/1.0/things').then(() => [{ name: 'a' }] as Thing[]),
});

const ThingList = listPage<Thing>({
  id: 'things',
  title: 'Things',
  noun: { one: 'thing', other: 'things' },
  useRows: ({ project }) => listRows(useQuery(things(project))),
  columns: () => [{ id: 'name', header: 'Name', rowHeader: true, cell: (thing) => thing.name }],
  rowKey: (thing) => thing.name,
  create: ({ project }) => <button type="button">Make a thing in {project}</button>,
  unavailable: ({ params }) => (params.project === 'old' ? 'No things here.' : undefined),
  empty: 'Nothing yet.',
});

const ThingPage = detailPage<Thing>({
  noun: 'thing',
  tabsLabel: 'Thing views',
  idPrefix: 'thing',
  useDetail: ({ name }) => useQuery({ queryKey: ['thing', name], queryFn: () => ({ name }) }),
  parent: ({ project }) => ({ label: 'Things', to: `/project/${project}/things` }),
  trail: ({ project, search }) => [
    { label: `Shelf ${search.get('shelf') ?? ''}`, to: `/project/${project}/shelf` },
  ],
  unavailable: ({ project }) => (project === 'old' ? 'No things here.' : undefined),
  path: ({ project, name, search }, tab) =>
    `/project/${project}/thing/${name}${tab ? `/${tab}` : ''}?${search.toString()}`,
  tabs: [
    { id: 'overview', label: 'Overview', render: (thing) => <p>About {thing.name}</p> },
    { id: 'keys', label: 'Keys', render: (thing) => <p>Keys of {thing.name}</p> },
  ],
});

describe('list page declarations', () => {
  it('draws a create control of the feature’s own in the header', async () => {
    fakeLxd(() => ({ metadata: [] }));
    renderAt('/project/:project/things', <ThingList />, '/project/p1/things');
    expect(await screen.findByRole('table', { name: 'Things' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make a thing in p1' })).toBeInTheDocument();
  });

  it('says why the server cannot list them, and asks for nothing', () => {
    const calls = fakeLxd(() => ({ metadata: [] }));
    renderAt('/project/:project/things', <ThingList />, '/project/old/things');
    expect(screen.getByRole('heading', { name: 'Things', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('No things here.');
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('detail page declarations', () => {
  const route = '/project/:project/thing/:name/:activeTab?';

  it('sends an old ?tab= address to the tab’s own path, keeping the search', async () => {
    renderAt(route, <ThingPage />, '/project/p1/thing/t1?shelf=top&tab=keys');
    expect(await screen.findByText('Keys of t1')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/project/p1/thing/t1/keys');
    });
    expect(screen.getByRole('tab', { name: 'Keys' })).toHaveAttribute('aria-selected', 'true');
  });

  it('adds the trail to the breadcrumb; the search is in the context', async () => {
    renderAt(route, <ThingPage />, '/project/p1/thing/t1?shelf=top');
    expect(await screen.findByText('About t1')).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs).toHaveTextContent('Things / Shelf top');
    expect(screen.getByRole('tab', { name: 'Keys' })).toHaveAttribute(
      'href',
      '/project/p1/thing/t1/keys?shelf=top',
    );
  });

  it('says why the server cannot show it, under its heading', () => {
    renderAt(route, <ThingPage />, '/project/old/thing/t1');
    expect(screen.getByRole('heading', { name: 't1', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('No things here.');
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});
