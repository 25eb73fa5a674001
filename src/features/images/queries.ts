import { queryOptions } from '@tanstack/react-query';
import {
  fetchAllProjectsImages,
  fetchImage,
  fetchImageAliases,
  fetchImages,
  fetchImagesPerProject,
} from '../../lxd/endpoints/images';
import type { LxdProject } from '../../lxd/types/project';
import {
  assertFineGrainedKnown,
  entitlementsParam,
  type FineGrained,
} from '../../shared/permissions/entitlements';
import { ENTITY_ENTITLEMENTS } from '../../shared/permissions/rules';
import { imageEventPrefixes, imageKeyRoot } from './events';

/** The server extension that allows `all-projects=1` on the image list (not in LXD 5.0). */
export const IMAGES_ALL_PROJECTS_EXTENSION = 'images_all_projects';

export { imageEventPrefixes };

export const imageKeys = {
  all: imageKeyRoot,
  project: (project: string) => [...imageKeys.all, 'project', project] as const,
  allProjects: () => [...imageKeys.all, 'all-projects'] as const,
  detail: (project: string, fingerprint: string, entitlements: string) =>
    [...imageKeys.all, 'detail', project, fingerprint, entitlements] as const,
  aliases: (project: string, entitlements: string) =>
    [...imageKeys.all, 'aliases', project, entitlements] as const,
};

/**
 * The images of one project, or of every project when `project` is undefined: one call where
 * the server has `images_all_projects`, else one per project that keeps its own images
 * (`perProject` holds the projects then).
 */
export function imagesQuery(
  project: string | undefined,
  isFineGrained: FineGrained,
  perProject?: readonly Pick<LxdProject, 'name' | 'config'>[],
) {
  const entitlements = entitlementsParam(isFineGrained, ENTITY_ENTITLEMENTS.image);
  return queryOptions({
    queryKey: project === undefined ? imageKeys.allProjects() : imageKeys.project(project),
    queryFn: ({ signal }) => {
      assertFineGrainedKnown(isFineGrained);
      if (project !== undefined) return fetchImages(project, { entitlements, signal });
      return perProject === undefined
        ? fetchAllProjectsImages({ entitlements, signal })
        : fetchImagesPerProject(perProject, { entitlements, signal });
    },
    // Spec §4: resource fetches wait while fine-grained mode is unknown.
    enabled: isFineGrained !== null,
  });
}

/**
 * The aliases of a project with the caller's entitlements on each: only fine-grained identities
 * get them, and only they need them (deleting an alias needs its own can_delete, spec §6).
 */
export function imageAliasesQuery(project: string, isFineGrained: FineGrained) {
  const entitlements = entitlementsParam(isFineGrained, ENTITY_ENTITLEMENTS.image_alias) ?? '';
  return queryOptions({
    queryKey: imageKeys.aliases(project, entitlements),
    queryFn: ({ signal }) => fetchImageAliases(project, { entitlements, signal }),
    enabled: isFineGrained === true,
  });
}

/** One image with its ETag (the edit dialog), and its can_edit when fine-grained. */
export function imageQuery(project: string, fingerprint: string, isFineGrained: FineGrained) {
  const entitlements = entitlementsParam(isFineGrained, ['can_edit']) ?? '';
  return queryOptions({
    queryKey: imageKeys.detail(project, fingerprint, entitlements),
    queryFn: ({ signal }) => {
      assertFineGrainedKnown(isFineGrained);
      return fetchImage(fingerprint, project, { entitlements: entitlements || undefined, signal });
    },
    enabled: isFineGrained !== null,
  });
}
