import { useId } from 'react';

export type UploadFormat = 'unified' | 'split';

export interface UploadFormValues {
  format: UploadFormat;
  file: File | null;
  metadata: File | null;
  rootfs: File | null;
  virtualMachine: boolean;
  alias: string;
  isPublic: boolean;
}

export type UploadFormErrors = Partial<Record<'file' | 'metadata' | 'rootfs', string>>;

export const EMPTY_UPLOAD_FORM: UploadFormValues = {
  format: 'unified',
  file: null,
  metadata: null,
  rootfs: null,
  virtualMachine: false,
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

function FileField({
  label,
  help,
  file,
  error,
  onChange,
}: {
  label: string;
  help: string;
  file: File | null;
  error: string | undefined;
  onChange: (file: File | null) => void;
}) {
  const id = useId();
  const helpId = useId();
  const errorId = useId();
  return (
    <div className={error ? 'p-form-validation is-error' : 'p-form-validation'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        className="p-form-validation__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${helpId} ${errorId}` : helpId}
        onChange={(event) => {
          onChange(event.target.files?.[0] ?? null);
        }}
      />
      <p className="p-form-help-text" id={helpId}>
        {file ? `Selected: ${file.name}` : help}
      </p>
      {error && (
        <p className="p-form-validation__message" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The fields of the upload form; the parent owns the values, so a failed upload loses none. */
export function UploadImageFields({
  values,
  errors,
  onChange,
}: {
  values: UploadFormValues;
  errors: UploadFormErrors;
  onChange: (patch: Partial<UploadFormValues>) => void;
}) {
  const aliasId = useId();
  const typeId = useId();
  return (
    <>
      <fieldset className="images-upload__format">
        <legend>Image format</legend>
        <label className="p-radio">
          <input
            type="radio"
            className="p-radio__input"
            name="image-format"
            checked={values.format === 'unified'}
            onChange={() => {
              onChange({ format: 'unified' });
            }}
          />
          <span className="p-radio__label">Unified tarball (one file)</span>
        </label>
        <label className="p-radio">
          <input
            type="radio"
            className="p-radio__input"
            name="image-format"
            checked={values.format === 'split'}
            onChange={() => {
              onChange({ format: 'split' });
            }}
          />
          <span className="p-radio__label">Split image (metadata and root file system)</span>
        </label>
      </fieldset>
      {values.format === 'unified' ? (
        <FileField
          label="Image file"
          help="A tarball with metadata.yaml and rootfs/, for example from lxc image export."
          file={values.file}
          error={errors.file}
          onChange={(file) => {
            onChange({ file });
          }}
        />
      ) : (
        <>
          <FileField
            label="Metadata file"
            help="The tarball with metadata.yaml (and templates)."
            file={values.metadata}
            error={errors.metadata}
            onChange={(metadata) => {
              onChange({ metadata });
            }}
          />
          <FileField
            label="Root file system file"
            help="A root file system tarball or squashfs; a qcow2 disk for a virtual machine."
            file={values.rootfs}
            error={errors.rootfs}
            onChange={(rootfs) => {
              onChange({ rootfs });
            }}
          />
          <label htmlFor={typeId}>Image type</label>
          <select
            id={typeId}
            value={values.virtualMachine ? 'virtual-machine' : 'container'}
            onChange={(event) => {
              onChange({ virtualMachine: event.target.value === 'virtual-machine' });
            }}
          >
            <option value="container">Container</option>
            <option value="virtual-machine">Virtual machine</option>
          </select>
        </>
      )}
      <label htmlFor={aliasId}>Alias (optional)</label>
      <input
        id={aliasId}
        type="text"
        autoComplete="off"
        value={values.alias}
        onChange={(event) => {
          onChange({ alias: event.target.value });
        }}
      />
      <label className="p-checkbox">
        <input
          type="checkbox"
          className="p-checkbox__input"
          checked={values.isPublic}
          onChange={(event) => {
            onChange({ isPublic: event.target.checked });
          }}
        />
        <span className="p-checkbox__label">
          Public: unauthenticated clients may see and download this image
        </span>
      </label>
    </>
  );
}
