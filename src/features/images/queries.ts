import { queryOptions } from '@tanstack/react-query';
import { fetchAllProjectsImages, fetchImages } from '../../lxd/endpoints/images';
import { entitlementsParam, type FineGrained } from '../../shared/permissions/entitlements';

/** Lifecycle event prefixes that make these queries stale (spec §7). */
export const imageEventPrefixes = ['image-'] as const;

/** The server extension that allows `all-projects=1` on the image list (not in LXD 5.0). */
export const IMAGES_ALL_PROJECTS_EXTENSION = 'images_all_projects';

/** Entitlements asked with the list in fine-grained mode (spec §6). */
export const IMAGE_ENTITLEMENTS = ['can_delete'] as const;

export const imageKeys = {
  all: ['images'] as const,
  project: (project: string) => [...imageKeys.all, 'project', project] as const,
  allProjects: () => [...imageKeys.all, 'all-projects'] as const,
};

/** The images of one project, or of every project when `project` is undefined. */
export function imagesQuery(project: string | undefined, isFineGrained: FineGrained) {
  const entitlements = entitlementsParam(isFineGrained, IMAGE_ENTITLEMENTS);
  return queryOptions({
    queryKey: project === undefined ? imageKeys.allProjects() : imageKeys.project(project),
    queryFn: ({ signal }) =>
      project === undefined
        ? fetchAllProjectsImages({ entitlements, signal })
        : fetchImages(project, { entitlements, signal }),
    // Spec §4: resource fetches wait while fine-grained mode is unknown.
    enabled: isFineGrained !== null,
  });
}
