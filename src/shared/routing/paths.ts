/** Path builders: screens never write URLs by hand. Paths are relative to the router's /ui basename. */
const seg = encodeURIComponent;

export const paths = {
  root: () => '/',
  login: () => '/login',
  allProjectsInstances: () => '/all-projects/instances',
  instances: (project: string) => `/project/${seg(project)}/instances`,
  instance: (project: string, name: string) => `/project/${seg(project)}/instance/${seg(name)}`,
};
