/**
 * The volume name an imported backup file suggests (exports: shared/ui/ExportBackupModal).
 */
import { resourceNameFromFile } from '../../../shared/validation';

/**
 * The volume name a backup file suggests: `data.tar.gz` → `data`, `my vol.tar.xz` →
 * `my-vol` (spec §5: the extension removed, other characters replaced with '-', 63 at most).
 */
export function volumeNameFromBackupFile(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  const stem = base.replace(/\.(tar\.[A-Za-z0-9]+|tgz|txz|tbz2?|tar)$/i, '');
  return resourceNameFromFile(`${stem}.x`);
}
