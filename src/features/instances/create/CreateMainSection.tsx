import { useId, useState } from 'react';
import { Link } from '../../../shared/routing/router';
import type { UseFormReturn } from 'react-hook-form';
import type { InstanceType } from '../../../lxd/types/instance';
import {
  validateInstanceName,
  type ConfigFormValues,
  type NameChecker,
  type VolumeOption,
} from '../../../shared/config-form';
import { useProductName } from '../../../shared/auth/product';
import { paths } from '../../../shared/routing/paths';
import type { ChosenImage } from './create-body';
import { ImagePicker, TYPE_LABELS, VM_UNAVAILABLE } from './ImagePicker';
import { useStableCallback } from '../../../shared/ui/useStableCallback';
import { ProfilesField } from './ProfilesField';
import { TargetPicker } from '../../cluster';

export interface CreateMainProps {
  form: UseFormReturn<ConfigFormValues>;
  project: string;
  checker: NameChecker;
  image: ChosenImage | undefined;
  imageError: string | undefined;
  onImage: (image: ChosenImage) => void;
  type: InstanceType;
  onType: (type: InstanceType) => void;
  vmSupported: boolean;
  profiles: readonly string[];
  profilesLoading: boolean;
  /** Unused: the target picker loads the members itself (kept for the page's props). */
  members?: readonly string[] | undefined;
  /** '' (any member), a member or `@group` (sent as `target=`). */
  target: string;
  onTarget: (target: string) => void;
  /** ISO volumes a VM can boot from; undefined when the server has no custom ISOs. */
  isos: readonly VolumeOption[] | undefined;
  /** The attached ISO as "pool/name" ('' for none). */
  iso: string;
  onIso: (iso: VolumeOption | undefined) => void;
}

function imageLabel(image: ChosenImage): string {
  if (image.kind === 'custom') return image.description;
  const name =
    image.kind === 'local' ? (image.alias ?? image.fingerprint.slice(0, 12)) : image.alias;
  return `${name} (${image.description || TYPE_LABELS[image.type]}, ${image.architecture})`;
}

/** Name, description, image, type, profiles in order and, when clustered, the member. */
export function CreateMainSection(props: CreateMainProps) {
  const { form, project, checker, image, type } = props;
  const [picking, setPicking] = useState(false);
  const nameId = useId();
  const descriptionId = useId();
  const typeId = useId();
  const isoId = useId();
  const imageErrorId = useId();
  const closePicker = useStableCallback(() => setPicking(false));
  const product = useProductName();
  const nameError = form.formState.errors.name?.message;

  return (
    <div className="config-form__main">
      <div className={nameError ? 'p-form-validation is-error' : 'p-form-validation'}>
        <label htmlFor={nameId} className="is-required">
          Instance name
        </label>
        <input
          type="text"
          id={nameId}
          className="p-form-validation__input"
          autoComplete="off"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${nameId}-error` : undefined}
          {...form.register('name', {
            validate: async (value) =>
              (await validateInstanceName(checker, project, value)) ?? true,
          })}
        />
        {nameError && (
          <p className="p-form-validation__message" id={`${nameId}-error`} role="alert">
            {nameError}
          </p>
        )}
      </div>
      <label htmlFor={descriptionId}>Description</label>
      <input type="text" id={descriptionId} {...form.register('description')} />

      <div className={props.imageError ? 'p-form-validation is-error' : 'p-form-validation'}>
        <span className="create-main__label" id={`${imageErrorId}-label`}>
          Image
        </span>
        <div className="create-main__image">
          <span aria-labelledby={`${imageErrorId}-label`} role="status">
            {image ? imageLabel(image) : 'No image chosen'}
          </span>
          <button
            type="button"
            className="p-button"
            aria-describedby={props.imageError ? imageErrorId : undefined}
            onClick={() => setPicking(true)}
          >
            {image ? 'Change image' : 'Browse images'}
          </button>
        </div>
        {props.imageError && (
          <p className="p-form-validation__message" id={imageErrorId} role="alert">
            {props.imageError}
          </p>
        )}
      </div>

      <label htmlFor={typeId}>Instance type</label>
      <select
        id={typeId}
        value={type}
        onChange={(event) => props.onType(event.target.value as InstanceType)}
        aria-describedby={!props.vmSupported ? `${typeId}-help` : undefined}
      >
        <option value="container">{TYPE_LABELS.container}</option>
        <option value="virtual-machine" disabled={!props.vmSupported}>
          {TYPE_LABELS['virtual-machine']}
          {props.vmSupported ? '' : ' (not available on this server)'}
        </option>
      </select>
      {!props.vmSupported && (
        <p className="p-form-help-text" id={`${typeId}-help`}>
          {VM_UNAVAILABLE}
        </p>
      )}

      {type === 'virtual-machine' && props.isos && (
        <>
          <label htmlFor={isoId}>Boot ISO</label>
          <select
            id={isoId}
            value={props.iso}
            aria-describedby={`${isoId}-help`}
            onChange={(event) =>
              props.onIso(
                props.isos?.find((iso) => `${iso.pool}/${iso.name}` === event.target.value),
              )
            }
          >
            <option value="">None</option>
            {props.isos.map((iso) => (
              <option key={`${iso.pool}/${iso.name}`} value={`${iso.pool}/${iso.name}`}>
                {iso.name} (pool {iso.pool})
              </option>
            ))}
          </select>
          <p className="p-form-help-text" id={`${isoId}-help`}>
            {props.isos.length > 0 ? (
              'Attached as the disk iso-volume, which boots first. Without an image the VM starts empty and installs from it.'
            ) : (
              <>
                No custom ISOs in this project yet:{' '}
                <Link to={paths.customIsos(project)}>upload one</Link>.
              </>
            )}
          </p>
        </>
      )}

      <ProfilesField form={form} available={props.profiles} loading={props.profilesLoading} />

      <TargetPicker
        value={props.target}
        onChange={props.onTarget}
        project={project}
        help={`A member places the instance there; a group lets ${product} choose among its members.`}
      />

      {picking && (
        <ImagePicker
          project={project}
          vmSupported={props.vmSupported}
          onClose={closePicker}
          onChoose={(chosen) => {
            props.onImage(chosen);
            setPicking(false);
          }}
        />
      )}
    </div>
  );
}
