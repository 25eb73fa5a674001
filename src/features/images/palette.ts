import { useQuery } from '@tanstack/react-query';
import type { LxdImage } from '../../lxd/types/image';
import { useAuth } from '../../shared/auth/context';
import type { PaletteSource } from '../../shared/feature';
import { usePaletteList } from '../../shared/palette/sources';
import { paths } from '../../shared/routing/paths';
import { imagesQuery } from './queries';

/** An image has no page of its own: it leads to the image list searched for it. */
const toOption = (image: LxdImage, project: string) => {
  const alias = image.aliases?.[0]?.name;
  const description = image.properties?.description;
  const label = alias ?? description ?? image.fingerprint.slice(0, 12);
  return {
    id: image.fingerprint,
    label,
    detail: alias && description ? description : image.fingerprint.slice(0, 12),
    keywords: `image ${image.fingerprint}`,
    to: `${paths.images(project)}?search=${encodeURIComponent(alias ?? image.fingerprint.slice(0, 12))}`,
  };
};

/** The project's images in the command palette (the image list's query). */
export const imagePaletteSource: PaletteSource = {
  group: 'Images',
  order: 60,
  useOptions: (project) =>
    usePaletteList(useQuery(imagesQuery(project, useAuth().isFineGrained)), project, toOption),
};

export const paletteSources: readonly PaletteSource[] = [imagePaletteSource];
