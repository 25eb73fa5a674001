import { describe, expect, it } from 'vitest';
import type { LxdImage } from '../../../lxd/types/image';
import { alpine, busybox } from '../testing/images';
import { sortRows, type SortState } from '../../../shared/ui/list';
import { imageKey } from '../model';
import { imageColumns } from './columns';

const columns = (allProjects = false) => imageColumns({ allProjects, project: 'default' });
const sorted = (rows: LxdImage[], column: string, direction: SortState['direction']) =>
  sortRows(rows, columns(), { column, direction }, imageKey);

describe('image columns', () => {
  it('sorts by description, type, size and upload date', () => {
    const sortable = columns()
      .filter((column) => column.sortValue)
      .map((column) => column.id);
    expect(sortable).toEqual(['description', 'type', 'size', 'uploaded']);
  });

  it('has a Project column in the all-projects list only', () => {
    expect(columns().map((column) => column.id)).not.toContain('project');
    expect(columns(true).map((column) => column.id)).toContain('project');
  });

  it('sorts by size and upload date in both directions', () => {
    expect(sorted([alpine, busybox], 'size', 'ascending')).toEqual([busybox, alpine]);
    expect(sorted([busybox, alpine], 'size', 'descending')).toEqual([alpine, busybox]);
    expect(sorted([busybox, alpine], 'uploaded', 'ascending')).toEqual([alpine, busybox]);
  });

  it('sorts by label and does not change the input', () => {
    const input = [busybox, alpine];
    expect(sorted(input, 'description', 'ascending')).toEqual([alpine, busybox]);
    expect(input).toEqual([busybox, alpine]);
  });
});
