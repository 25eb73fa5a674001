import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../testing/fake-lxd';
import { testAuth } from '../../testing/render';
import { ProjectIndexRedirect, RootRedirect } from './Redirects';

afterEach(() => {
  localStorage.clear();
});

const where = () => screen.getByTestId('location').textContent;

describe('the landing redirect', () => {
  it("opens the default project's instances until the overview is chosen", async () => {
    renderAt('/', <RootRedirect />, '/', testAuth({ defaultProject: 'team' }));
    await screen.findByTestId('location');
    expect(where()).toBe('/project/team/instances');
  });

  it('opens the overview when chosen, at / and at /project/{p}', async () => {
    localStorage.setItem('lxd-console.landing', 'overview');
    renderAt('/', <RootRedirect />, '/', testAuth({ defaultProject: 'team' }));
    await screen.findByTestId('location');
    expect(where()).toBe('/project/team/overview');
  });

  it('leads /project/{p} to the chosen landing page', async () => {
    localStorage.setItem('lxd-console.landing', 'overview');
    renderAt('/project/:project', <ProjectIndexRedirect />, '/project/web');
    await screen.findByTestId('location');
    expect(where()).toBe('/project/web/overview');
  });

  it('keeps the all-projects instances for a user without projects', async () => {
    localStorage.setItem('lxd-console.landing', 'overview');
    renderAt('/', <RootRedirect />, '/', testAuth({ projects: [] }));
    await screen.findByTestId('location');
    expect(where()).toBe('/all-projects/instances');
  });
});
