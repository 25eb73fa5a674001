import { describe, expect, it } from 'vitest';
import { IMAGE_EDIT_MESSAGES, imageToValues, propertyKeyErrors, valuesToImagePut } from './edit';
import { image } from './testing/images';

const base = image({
  properties: { description: 'BusyBox', os: 'busybox', release: '1.35' },
  public: false,
  auto_update: true,
  expires_at: '2030-01-01T00:00:00Z',
  profiles: ['default'],
});

describe('image edit rules', () => {
  it('splits the description from the other properties', () => {
    expect(imageToValues(base)).toEqual({
      description: 'BusyBox',
      properties: [
        { key: 'os', value: 'busybox' },
        { key: 'release', value: '1.35' },
      ],
      public: false,
      autoUpdate: true,
    });
    expect(imageToValues(image({ properties: null })).properties).toEqual([]);
  });

  it('checks each key with its message', () => {
    expect(
      propertyKeyErrors([
        { key: 'os', value: '' },
        { key: '', value: 'x' },
        { key: 'os', value: 'y' },
        { key: 'description', value: 'z' },
        { key: 'a b', value: '' },
        { key: 'ok', value: '' },
      ]),
    ).toEqual([
      undefined,
      IMAGE_EDIT_MESSAGES.keyRequired,
      IMAGE_EDIT_MESSAGES.keyDuplicate,
      IMAGE_EDIT_MESSAGES.keyDescription,
      IMAGE_EDIT_MESSAGES.keySpace,
      undefined,
    ]);
    expect(IMAGE_EDIT_MESSAGES).toEqual({
      keyRequired: 'Enter a key',
      keyDuplicate: 'This key is already used',
      keyDescription: 'Edit the description in its own field',
      keySpace: 'Keys may not contain spaces',
    });
  });

  it('builds the whole ImagePut, keeping expiry and profiles', () => {
    const values = {
      ...imageToValues(base),
      description: ' New ',
      public: true,
      autoUpdate: false,
    };
    values.properties = [...values.properties.slice(1), { key: ' note ', value: 'hi' }];
    expect(valuesToImagePut(values, base)).toEqual({
      auto_update: false,
      properties: { release: '1.35', note: 'hi', description: 'New' },
      public: true,
      expires_at: '2030-01-01T00:00:00Z',
      profiles: ['default'],
    });
    expect(valuesToImagePut({ ...values, description: '' }, { ...base, profiles: null })).toEqual(
      expect.objectContaining({ profiles: [], properties: { release: '1.35', note: 'hi' } }),
    );
  });
});
