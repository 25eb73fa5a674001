import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TagEditor, TagList, useTagDraft } from './TagChips';

function Editor({ initial, reason }: { initial: string[]; reason?: string }) {
  const [tags, setTags] = useState(initial);
  const draft = useTagDraft(tags, (tag) => {
    setTags((list) => [...list, tag]);
  });
  return (
    <>
      <TagEditor
        label="Tags of web1"
        tags={tags}
        draft={draft}
        disabledReason={reason}
        onRemove={(tag) => {
          setTags((list) => list.filter((other) => other !== tag));
        }}
      />
      <output aria-label="stored">{tags.join(',')}</output>
    </>
  );
}

describe('TagEditor', () => {
  it('adds a tag with Enter and removes one with its chip', async () => {
    render(<Editor initial={['db']} />);
    const field = screen.getByRole('textbox', { name: 'Add tag' });
    await userEvent.type(field, '  web {Enter}');
    expect(screen.getByRole('status', { name: 'stored' }).textContent).toBe('db,web');
    expect((field as HTMLInputElement).value).toBe('');
    const chips = screen.getByRole('list', { name: 'Tags of web1' });
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove tag db' }));
    expect(screen.getByRole('status', { name: 'stored' }).textContent).toBe('web');
  });

  it('says what is wrong next to the field and keeps the text', async () => {
    render(<Editor initial={['web']} />);
    const field = screen.getByRole('textbox', { name: 'Add tag' });
    await userEvent.type(field, 'a,b{Enter}');
    const message = screen.getByText('A tag cannot contain a comma: add one tag at a time.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(message.id);
    await userEvent.clear(field);
    await userEvent.type(field, 'web');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('This tag is already in the list.')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'stored' }).textContent).toBe('web');
  });

  it('is disabled with the reason when the user may not edit', () => {
    render(<Editor initial={['web']} reason="You do not have permission" />);
    const field = screen.getByRole('textbox', { name: 'Add tag' });
    expect((field as HTMLInputElement).disabled).toBe(true);
    expect(field.getAttribute('title')).toBe('You do not have permission');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Remove tag web' }).disabled).toBe(
      true,
    );
  });

  it('lists tags as plain chips, or a dash', () => {
    const { rerender } = render(<TagList tags={['web', 'db']} />);
    expect(screen.getByText('web')).toBeTruthy();
    expect(screen.getByText('db')).toBeTruthy();
    rerender(<TagList tags={[]} />);
    expect(screen.getByText('-')).toBeTruthy();
  });
});
