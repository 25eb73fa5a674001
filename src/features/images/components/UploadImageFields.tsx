import { useContext } from 'react';
import { useWatch } from 'react-hook-form';
import { clientCommand } from '../../../lxd/product';
import { AuthContext } from '../../../shared/auth/context';
import {
  CheckboxInput,
  FileInput,
  RadioInput,
  SelectInput,
  TextInput,
} from '../../../shared/forms';

export type UploadFormat = 'unified' | 'split';

export interface UploadFormValues {
  format: UploadFormat;
  file: File | null;
  metadata: File | null;
  rootfs: File | null;
  type: 'container' | 'virtual-machine';
  alias: string;
  isPublic: boolean;
}

export type UploadFormErrors = Partial<Record<'file' | 'metadata' | 'rootfs', string>>;

export const EMPTY_UPLOAD_FORM: UploadFormValues = {
  format: 'unified',
  file: null,
  metadata: null,
  rootfs: null,
  type: 'container',
  alias: '',
  isPublic: false,
};

/** Spec-free rules of the form: the files the chosen format needs. */
export function uploadFormErrors(values: UploadFormValues): UploadFormErrors {
  if (values.format === 'unified') return values.file ? {} : { file: 'Choose an image file' };
  const errors: UploadFormErrors = {};
  if (!values.metadata) errors.metadata = 'Choose a metadata file';
  if (!values.rootfs) errors.rootfs = 'Choose a root file system file';
  return errors;
}

const FORMATS = [
  { value: 'unified', label: 'Unified tarball (one file)' },
  { value: 'split', label: 'Split image (metadata and root file system)' },
];

const TYPES = [
  { value: 'container', label: 'Container' },
  { value: 'virtual-machine', label: 'Virtual machine' },
];

/** The fields of the upload form (bound to the form kit's form around them). */
export function UploadImageFields() {
  const format = useWatch<UploadFormValues, 'format'>({ name: 'format' });
  const client = clientCommand(useContext(AuthContext)?.server);
  return (
    <>
      <RadioInput
        name="format"
        legend="Image format"
        options={FORMATS}
        className="images-upload__format"
      />
      {format === 'unified' ? (
        <FileInput
          name="file"
          label="Image file"
          help={`A tarball with metadata.yaml and rootfs/, for example from ${client} image export.`}
        />
      ) : (
        <>
          <FileInput
            name="metadata"
            label="Metadata file"
            help="The tarball with metadata.yaml (and templates)."
          />
          <FileInput
            name="rootfs"
            label="Root file system file"
            help="A root file system tarball or squashfs; a qcow2 disk for a virtual machine."
          />
          <SelectInput name="type" label="Image type" options={TYPES} />
        </>
      )}
      <TextInput name="alias" label="Alias (optional)" />
      <CheckboxInput
        name="isPublic"
        label="Public: unauthenticated clients may see and download this image"
      />
    </>
  );
}
